package org.stag.formats.dynamic;

/**
 * What a batch did.
 *
 * @param inserted coordinates that were new
 * @param updated  coordinates already present whose value was replaced
 * @param deleted  coordinates removed
 * @param missing  deletions of coordinates that were not present (no-ops, counted)
 */
public record UpdateStats(long inserted, long updated, long deleted, long missing) {
    /** Nothing happened. */
    public static final UpdateStats NONE = new UpdateStats(0, 0, 0, 0);

    /** The sum of two batches' effects. */
    public UpdateStats plus(UpdateStats o) {
        return new UpdateStats(inserted + o.inserted, updated + o.updated, deleted + o.deleted, missing + o.missing);
    }
}
