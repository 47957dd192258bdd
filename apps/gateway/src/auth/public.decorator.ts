import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'parley:public';
/** Opens a route to callers without an access token. Everything else requires one. */
export const Public = () => SetMetadata(IS_PUBLIC, true);
