/**
 * The resident {@code stag} process ({@code DaemonServer}) and the small client the launcher starts instead of a full
 * run ({@code DaemonClient}): {@code ./stag run} hands its arguments to a daemon that keeps loaded graphs, their
 * tensors and compiled kernels, and streams back stdout, stderr and the exit status. One daemon serves one working
 * directory with one set of stag settings (jar, JVM, environment), so paths and settings mean what they mean in a
 * plain run. The client falls back to a plain run in its own JVM whenever the daemon is missing, refuses or dies
 * before it answered.
 */
package org.stag.cli.daemon;
