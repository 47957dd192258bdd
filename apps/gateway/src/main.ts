import 'reflect-metadata';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import multipart from '@fastify/multipart';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import { MAX_AUDIO_BYTES } from '@parley/contracts';
import { gatewayEnvSchema, loadEnvOrExit } from '@parley/server-config';
import {
  closeHttp,
  installShutdown,
  registerLiveness,
  REQUEST_ID_HEADER,
  requestIdFrom,
  ShutdownCoordinator,
} from '@parley/server-observability';
import { AppModule } from './app.module';
import { fastifyError } from './http/http-error.filter';
import { emptyTolerantJsonParser, type JsonTextParser } from './http/json-body';
import { securityHeaders } from './http/security-headers';
import { SpaFallback } from './http/spa-fallback';
import { compressJson } from './http/json-compression';
import { webStaticOptions } from './http/web-static';

async function main(): Promise<void> {
  const env = loadEnvOrExit('gateway', gatewayEnvSchema);
  const adapter = new FastifyAdapter({
    bodyLimit: env.BODY_LIMIT_BYTES,
    trustProxy: env.TRUST_PROXY,
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) =>
      requestIdFrom(req.headers[REQUEST_ID_HEADER]),
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.register(env), adapter, {
    bufferLogs: true,
    bodyParser: false,
  });
  const logger = app.get(Logger);
  app.useLogger(logger);
  if (process.env.TRUST_PROXY?.trim() === 'true')
    logger.warn(
      'TRUST_PROXY=true is read as 1 (one proxy in front); set the number of proxies that append to X-Forwarded-For',
    );
  const fastify = app.getHttpAdapter().getInstance();
  // Nest's own parsers are off (bodyParser: false): JSON with an empty body is no body, not malformed JSON.
  app.useBodyParser(
    'application/json',
    { bodyLimit: env.BODY_LIMIT_BYTES },
    emptyTolerantJsonParser(fastify.getDefaultJsonParser('error', 'error') as JsonTextParser),
  );
  app.useBodyParser(
    'application/x-www-form-urlencoded',
    { bodyLimit: env.BODY_LIMIT_BYTES },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body.toString('utf8')))),
  );

  // Helmet's headers, computed once (security-headers.ts) and set before any route or guard runs, so a
  // 401, a 404 or a 429 carries them too.
  const security = await securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  fastify.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(security);
    done();
  });
  await app.register(cors, {
    origin: env.CORS_ORIGINS.length > 0 ? env.CORS_ORIGINS : false,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type', 'apikey', 'x-client-info', REQUEST_ID_HEADER],
    exposedHeaders: [REQUEST_ID_HEADER],
    maxAge: 600,
  });

  await app.register(multipart, { limits: { files: 1, fields: 5, fileSize: MAX_AUDIO_BYTES } });

  const spa = app.get(SpaFallback);
  if (spa.available) {
    await app.register(fastifyStatic, webStaticOptions(env.WEB_DIST_DIR));
  } else {
    logger.warn(`no web build at ${env.WEB_DIST_DIR}: serving the API only`);
  }

  registerLiveness(app);
  await app.init();
  // Body parsing fails before any route or Nest filter runs; Nest would turn those into generic 400s.
  // Registered after init so it replaces Nest's handler: the API answers in its own error shape.
  fastify.setErrorHandler(
    (error: { statusCode?: number; code?: string; message: string }, request, reply) => {
      const { status, body } = fastifyError(error.statusCode ?? 500, error.code ?? 'UNKNOWN', error.message);
      if (status >= 500) request.log.error({ err: error }, 'unhandled error');
      void reply.status(status).send(body);
    },
  );
  fastify.addHook('onSend', async (request, reply, payload) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    // A JSON answer of a kilobyte or more goes out compressed; streams and files as they are (ADR 0038).
    return compressJson(request.url, request.headers['accept-encoding'], reply, payload);
  });
  let openRequests = 0;
  fastify.server.on('request', (_req: unknown, res: { once(event: 'close', fn: () => void): void }) => {
    openRequests += 1;
    res.once('close', () => (openRequests -= 1));
  });
  await app.listen(env.PORT, env.HOST);
  logger.log(`gateway listening on http://${env.HOST}:${env.PORT}`);
  // The public listener is the gateway's intake: it closes first (requests in flight, SSE streams included,
  // run to their end; idle keep-alive connections close; a request on a closing connection gets 503).
  // The RPC clients close after it, in the clients phase, by Nest's hook.
  app.get(ShutdownCoordinator).register({
    phase: 'requests',
    name: 'http listener',
    stop: () => closeHttp(app),
    busy: () => `${openRequests} request(s) in flight`,
  });
  installShutdown(app, env);
}

void main();
