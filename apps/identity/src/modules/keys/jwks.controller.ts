import { Controller, Get, Header } from '@nestjs/common';
import type { JWK } from 'jose';
import { SigningKey } from './signing-key';

/** The public keys that verify access tokens; the gateway (and anyone) fetches them here. */
@Controller('.well-known')
export class JwksController {
  constructor(private readonly key: SigningKey) {}

  @Get('jwks.json')
  @Header('Cache-Control', 'public, max-age=300')
  jwks(): { keys: JWK[] } {
    return this.key.jwks;
  }
}
