import type { SASLOptions } from 'kafkajs';
import type { ConnectionOptions } from 'node:tls';

/** The Kafka security variables of a validated service environment (libs/server/config). */
export interface KafkaSecurityEnv {
  KAFKA_SSL: boolean;
  KAFKA_SSL_CA?: string;
  KAFKA_SSL_CERT?: string;
  KAFKA_SSL_KEY?: string;
  KAFKA_SASL_MECHANISM?: 'scram-sha-512' | 'scram-sha-256' | 'plain';
  KAFKA_SASL_USERNAME?: string;
  KAFKA_SASL_PASSWORD?: string;
}

export interface KafkaSecurity {
  ssl?: ConnectionOptions | boolean;
  sasl?: SASLOptions;
}

/**
 * kafkajs' `ssl` and `sasl` from the environment. The schema has already checked that the settings go
 * together (a mechanism has its credentials, a certificate its key, CA/certificate only with KAFKA_SSL).
 * Certificates are always verified: with KAFKA_SSL_CA against that CA only, else against Node's CAs.
 */
export function kafkaSecurityFromEnv(env: KafkaSecurityEnv): KafkaSecurity {
  const security: KafkaSecurity = {};
  if (env.KAFKA_SSL) {
    const tls: ConnectionOptions = { rejectUnauthorized: true };
    if (env.KAFKA_SSL_CA) tls.ca = [env.KAFKA_SSL_CA];
    if (env.KAFKA_SSL_CERT && env.KAFKA_SSL_KEY) {
      tls.cert = env.KAFKA_SSL_CERT;
      tls.key = env.KAFKA_SSL_KEY;
    }
    security.ssl = tls;
  }
  if (env.KAFKA_SASL_MECHANISM && env.KAFKA_SASL_USERNAME && env.KAFKA_SASL_PASSWORD) {
    security.sasl = {
      mechanism: env.KAFKA_SASL_MECHANISM,
      username: env.KAFKA_SASL_USERNAME,
      password: env.KAFKA_SASL_PASSWORD,
    } as SASLOptions;
  }
  return security;
}
