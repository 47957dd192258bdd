import { Init1763800000000 } from './migrations/1763800000000-init';
import { JobsAndShareLinks1763900000000 } from './migrations/1763900000000-jobs-and-share-links';
import { SharedPdfCache1764000000000 } from './migrations/1764000000000-shared-pdf-cache';
import { ShareTokensHashed1764100000000 } from './migrations/1764100000000-share-tokens-hashed';

/** Entities and migrations of the export schema, shared by the app and its migrate command. */
export const exportDatabase = {
  entities: [],
  migrations: [
    Init1763800000000,
    JobsAndShareLinks1763900000000,
    SharedPdfCache1764000000000,
    ShareTokensHashed1764100000000,
  ],
};
