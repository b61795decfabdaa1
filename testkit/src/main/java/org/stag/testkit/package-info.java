/**
 * Test support shared by every module's tests: {@link org.stag.testkit.HouseRules}, the one definition of the
 * structural rules (packages as layers in pipeline order, no package cycle, no main class over the line cap
 * unless named), checked with ArchUnit; and {@link org.stag.testkit.LocalHttpServer}, a loopback HTTP server for
 * download tests that must not touch the network. A single package, used only from test scope.
 */
package org.stag.testkit;
