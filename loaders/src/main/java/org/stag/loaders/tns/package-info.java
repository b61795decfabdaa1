/** FROSTT's {@code .tns} text format for sparse tensors of any order: one 1-based coordinate tuple and a value per line. */
package org.stag.loaders.tns;
