package org.stag.engine.check;

import java.util.List;

/**
 * The level formats a program may name and the one capability the checker needs from them. This is the
 * hook through which the kernel compiler supplies its real level capabilities (including user-loaded node
 * schemas); {@link #standard()} is what the checker uses until then.
 */
public interface LevelCatalog {

    /** Known level format names, lower case, in the order error messages list them. */
    List<String> names();

    /** Whether {@code level} is known. */
    default boolean isKnown(String level) {
        return names().contains(level);
    }

    /**
     * Whether {@code level} can be accessed at a given coordinate without iterating it (the "locate"
     * capability of Chou et al.). An access whose levels are visited out of order by an {@code Ord} loop
     * order is only possible when every level visited too early can locate.
     */
    boolean canLocate(String level);

    /**
     * The static levels ({@code dense}, {@code compressed}, {@code singleton}, {@code hashed},
     * {@code bitmap}) and the node schemas shipped in {@code stag-formats}, with the capabilities their
     * {@link org.stag.formats.level.LevelFormat} states: dense, bitmap, hashed and the search trees (bst,
     * rbtree, ttree, btree, ctree) locate.
     */
    static LevelCatalog standard() {
        return StandardLevels.INSTANCE;
    }
}
