/**
 * How many cards a list renders before 'Show more': enough to scroll through, few enough that a
 * 10,000-file archive keeps the page responsive (each card holds a thumbnail and a checksum).
 */
export const PAGE_SIZE = 200;
