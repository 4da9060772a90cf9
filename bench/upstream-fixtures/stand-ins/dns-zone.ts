/**
 * The public DNS answers the DNS fixtures were written against (as the resolvers they name, 8.8.8.8 and
 * 1.1.1.1, gave them), served by the health module's test responder. The replay points each DNS check's
 * `server`/`port` at it.
 */
import {
  type DnsResponder,
  startDnsResponder,
} from '../../../apps/server/src/modules/health/check-types/testing/dns-responder.js';

const ZONE = {
  '1.2.3.4.nip.io': { A: ['1.2.3.4'] },
  '1.1.1.1.in-addr.arpa': { PTR: ['one.one.one.one'] },
  '8.8.8.8.in-addr.arpa': { PTR: ['dns.google'] },
  'dns.google': { A: ['8.8.8.8', '8.8.4.4'], CNAME: ['dns.google'] },
  'google.com': { MX: [{ exchange: 'smtp.google.com', priority: 10 }] },
  'flanksource.com': {
    MX: [{ exchange: 'smtp.google.com', priority: 1 }],
    TXT: [
      ['google-site-verification=IIE1aJuvqseLUKSXSIhu2O2lgdU_d8csfJjjIQVc-q0'],
      ['v=spf1 include:_spf.google.com ~all'],
    ],
    NS: ['gina.ns.cloudflare.com', 'walt.ns.cloudflare.com'],
  },
};

/** Starts the DNS stand-in on 127.0.0.1 (UDP, a free port). */
export function startDnsStandIn(): Promise<DnsResponder> {
  return startDnsResponder(ZONE);
}
