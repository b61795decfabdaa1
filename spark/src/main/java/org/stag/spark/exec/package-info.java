/**
 * Kernels run in the partitions, above {@code graph}: {@link org.stag.spark.exec.SparkKernels} is the engine's
 * kernel executor for tensors held in the cluster. {@link org.stag.spark.exec.KernelShape} decides how a kernel
 * splits over row blocks (rows side by side, partial results combined by the reduction's operator, or ghost
 * rows read from neighbours' owners, {@link org.stag.spark.exec.GhostRows}); a task gets the kernel as a
 * compile request ({@link org.stag.spark.exec.KernelTicket}) and the driver's vectors by broadcast or as the
 * entries it reads ({@link org.stag.spark.exec.Shipping}); {@link org.stag.spark.exec.Combine} puts the blocks'
 * results together into what a single JVM's run gives. Tasks write only arrays of their own, so Spark's retries
 * give the same result ({@link org.stag.spark.exec.Faults} injects failures for tests).
 */
package org.stag.spark.exec;
