import type { IncomingMessage, ServerResponse } from 'node:http';
import { RequestMethod } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { requestContext, requestIdFrom, REQUEST_ID_HEADER } from './request-context';

const QUIET_PATHS = new Set(['/health/live', '/health/ready', '/metrics', '/api/health']);

/** JSON logs (pino) with the service name and the request id on every line, HTTP or RPC. */
export function loggerModule(service: string, level: string) {
  return LoggerModule.forRoot({
    // Liveness is a plain Fastify route (registerLiveness) that never logs; skip the per-request logger.
    exclude: [{ method: RequestMethod.GET, path: 'health/live' }],
    pinoHttp: {
      name: service,
      level,
      base: { service },
      messageKey: 'msg',
      timestamp: () => `,"time":"${new Date().toISOString()}"`,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const ctx = requestContext.getStore();
        return ctx ? { requestId: ctx.requestId, ...(ctx.userId ? { userId: ctx.userId } : {}) } : {};
      },
      genReqId: (req: IncomingMessage, res: ServerResponse) => {
        const id = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
        res.setHeader(REQUEST_ID_HEADER, id);
        return id;
      },
      autoLogging: { ignore: (req: IncomingMessage) => QUIET_PATHS.has((req.url ?? '').split('?')[0] ?? '') },
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
        remove: true,
      },
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          url: req.url,
        }),
      },
    },
  });
}
