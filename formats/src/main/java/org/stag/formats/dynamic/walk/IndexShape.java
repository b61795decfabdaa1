package org.stag.formats.dynamic.walk;

import org.stag.formats.schema.NodeType;

/**
 * The shape for which a store keeps an in-order node index ({@code NodeOrder}): two node types, a root record
 * whose last step is its only child, a binary tree node type {@code node} (C-tree, BST, red-black tree,
 * T-tree), neither with a supertype. Generated visits loop over the index instead of walking the tree.
 *
 * @param root      the root type
 * @param rootChild the root's child field, to the tree
 * @param node      the tree's node type
 * @param first     the child visited before a node's elements
 * @param second    the child visited after them
 * @param rootRun   the root's element array when the root's own elements are exactly that array (its steps:
 *                  the array's loop, then the child), sized by a size field and stored in the arena (C-tree's
 *                  prefix): the index then keeps each parent's run and node range in one record; else null
 * @param head      with {@code run}, when a node's own elements are one scalar {@code nonempty} element and
 *                  then one {@code nonempty} array sized by a size field, in the arena (C-tree's head and
 *                  chunk): the head; else null
 * @param run       the chunk of such a node; else null
 */
public record IndexShape(NodeType root, PlanField rootChild, NodeType node, PlanField first, PlanField second,
        PlanField rootRun, PlanField head, PlanField run) {

    /**
     * Whether every structure is a sequence of runs the index lists (the root's run, then per node its head and
     * its run), all elements {@code nonempty}: visits and cursors then go run by run (the C-tree's shape).
     */
    public boolean runsOfHeads() {
        return rootRun != null && rootRun.nonempty() && head != null;
    }
}
