// Security headers for every response (pages, scripts, API, errors), via @fastify/helmet.
// The CSP is strict because the site has no inline scripts; what it allows is what the app needs:
// 7-Zip WebAssembly in a worker, blob: URLs for previews of extracted files, inline style attributes
// set by React UI libraries.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export interface SecurityHeadersOptions {
  /** Production adds HSTS and upgrade-insecure-requests; both would break plain http://localhost. */
  isProduction: boolean;
}

// Powerful features the site never uses; denying them limits what injected content could do.
// Only names browsers know: Chromium logs a console warning on every page for an unknown one
// (it did for 'bluetooth').
const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

export function contentSecurityPolicy(isProduction: boolean): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    // 'wasm-unsafe-eval' lets 7zz.wasm compile; it does not allow eval() of JavaScript.
    'script-src': ["'self'", "'wasm-unsafe-eval'"],
    'worker-src': ["'self'", 'blob:'],
    // React UI libraries (Radix, sonner) set style attributes; there are no inline scripts.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'blob:', 'data:'],
    'media-src': ["'self'", 'blob:'],
    // PDF preview of an extracted file is a blob: URL in a frame/object.
    'frame-src': ["'self'", 'blob:'],
    'object-src': ["'self'", 'blob:'],
    'connect-src': ["'self'"],
    'font-src': ["'self'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(isProduction ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

export async function securityHeaders(app: FastifyInstance, { isProduction }: SecurityHeadersOptions): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(isProduction) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Same answer as frame-ancestors 'none', for browsers that predate CSP level 2.
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // helmet's defaults also send nosniff and remove X-Powered-By.
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}
