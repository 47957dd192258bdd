import { Controller, Get, Header } from '@nestjs/common';
import { collectDefaultMetrics, Histogram, register } from 'prom-client';
import { Public } from './health';

let defaultsCollected = false;
export function collectProcessMetrics(service: string): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  register.setDefaultLabels({ service });
  collectDefaultMetrics();
}

export const httpRequestDuration = new Histogram({
  name: 'parley_http_request_duration_seconds',
  help: 'HTTP request duration by route and status',
  labelNames: ['method', 'route', 'status'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

export const rpcDuration = new Histogram({
  name: 'parley_rpc_duration_seconds',
  help: 'RPC handler duration by pattern and outcome',
  labelNames: ['pattern', 'outcome'],
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
});

@Controller()
@Public()
export class MetricsController {
  @Get('metrics')
  @Header('Content-Type', register.contentType)
  metrics(): Promise<string> {
    return register.metrics();
  }
}
