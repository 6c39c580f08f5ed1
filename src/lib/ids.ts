/** Ids are 32-bit integers in both databases: a larger number names nothing (and PostgreSQL refuses it). */
export const MAX_ID = 2_147_483_647;
