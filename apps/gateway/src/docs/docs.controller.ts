import { Controller, Get, Header, NotFoundException, Param, Res } from '@nestjs/common';
import { SkipThrottle } from '@nestjs/throttler';
import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import { Public } from '../auth/public.decorator';
import { buildOpenApiDocument } from './openapi';

const SWAGGER_ASSETS = new Map([
  ['swagger-ui.css', 'text/css; charset=utf-8'],
  ['swagger-ui-bundle.js', 'application/javascript; charset=utf-8'],
  ['swagger-ui-standalone-preset.js', 'application/javascript; charset=utf-8'],
]);

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Parley API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script></body></html>`;

const INIT = `window.ui = SwaggerUIBundle({ url: '/api/docs/openapi.json', dom_id: '#swagger-ui', deepLinking: true });`;

/** /api/docs: Swagger UI over the document generated from the contracts; /api/docs/openapi.json: the document. */
@Controller('api/docs')
@Public()
@SkipThrottle()
export class DocsController {
  private readonly document = buildOpenApiDocument();
  private readonly assetsDir = join(require.resolve('swagger-ui-dist/package.json'), '..');

  @Get()
  @Header('content-type', 'text/html; charset=utf-8')
  page(): string {
    return PAGE;
  }

  @Get('openapi.json')
  openapi(): unknown {
    return this.document;
  }

  @Get('init.js')
  @Header('content-type', 'application/javascript; charset=utf-8')
  init(): string {
    return INIT;
  }

  @Get('assets/:file')
  asset(
    @Param('file') file: string,
    @Res() reply: { header(n: string, v: string): unknown; send(b: unknown): unknown },
  ): void {
    const type = SWAGGER_ASSETS.get(file);
    const path = join(this.assetsDir, file);
    if (!type || !existsSync(path)) throw new NotFoundException();
    reply.header('content-type', type);
    reply.header('cache-control', 'public, max-age=86400');
    reply.send(createReadStream(path));
  }
}
