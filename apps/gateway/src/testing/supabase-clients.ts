import { createClient, type SupabaseClient } from '@supabase/supabase-js';

/** A made-up client address (the gateway trusts X-Forwarded-For in these tests), so limits are per client. */
export function clientAddress(): string {
  const octet = () => Math.floor(Math.random() * 250);
  return `10.${octet()}.${octet()}.${octet()}`;
}

/**
 * The official Supabase client, unchanged, against the gateway: a client of its own (own in-memory
 * session, own client address), as each browser would be. Only the URL and a placeholder key are Parley's.
 */
export function supabaseAt(baseUrl: string): SupabaseClient {
  return createClient(baseUrl, 'parley-anon-key', {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { 'x-forwarded-for': clientAddress() } },
  });
}
