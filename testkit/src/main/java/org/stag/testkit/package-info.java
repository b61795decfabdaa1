/**
 * Test support shared by every module's tests: {@link org.stag.testkit.HouseRules}, the one definition of the
 * structural rules (packages as layers in pipeline order, no package cycle, no main class over the line cap
 * unless named), checked with ArchUnit. A single package, used only from test scope.
 */
package org.stag.testkit;
