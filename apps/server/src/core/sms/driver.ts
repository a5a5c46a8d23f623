/** What a driver needs of a config: the tenant's keys (the secret already opened) and the template to send. */
export interface SmsSettings {
  accessKey: string;
  secretKey: string;
  templateId: string;
  signName: string;
  regionId: string;
  appId: string;
  /** The provider's API address; '' = its public default. */
  endpoint: string;
}

export interface SmsMessage {
  /** Mainland mobile numbers, 11 digits each. */
  phones: string[];
  /** The template's variables, in the order the template names them (Tencent's are positional). */
  params: Record<string, string>;
}

/** One provider's API: sends a template message or throws SmsFailure. */
export interface SmsDriver {
  /** The provider's public API address, used when a config names none. */
  readonly defaultEndpoint: string;
  /** Optional config fields this provider cannot do without (the template and the secret are always required). */
  readonly requires: ('accessKey' | 'appId' | 'signName')[];
  send(settings: SmsSettings, message: SmsMessage): Promise<void>;
}

/**
 * The provider refused or could not be reached. `reason` is the provider's own error code (or an HTTP or network
 * code): short, ASCII and free of anything secret, so it can be shown to the administrator.
 */
export class SmsFailure extends Error {
  readonly reason: string;

  constructor(reason: unknown) {
    const clean = String(reason ?? '')
      .replace(/[^A-Za-z0-9_.:-]/g, '')
      .slice(0, 80);
    super(clean || 'Error');
    this.reason = clean || 'Error';
  }
}

const TIMEOUT_MS = 10_000;

/**
 * One HTTP call to a provider: a short timeout, no redirects (a signed request is never replayed elsewhere), and
 * the answer read as JSON when it is JSON. Network failures become SmsFailure with their code.
 */
export async function callProvider(
  url: string,
  init: { headers: Record<string, string>; body: string },
): Promise<{ status: number; json: Record<string, unknown> | null }> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: init.headers,
      body: init.body,
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (e) {
    const err = e as { name?: string; cause?: { code?: string } };
    throw new SmsFailure(err.cause?.code ?? err.name ?? 'NetworkError');
  }
  const text = await res.text();
  try {
    const json = JSON.parse(text) as unknown;
    return { status: res.status, json: json && typeof json === 'object' ? (json as Record<string, unknown>) : null };
  } catch {
    return { status: res.status, json: null };
  }
}

/** The address a request goes to: the config's endpoint (a private deployment, a test server) or the default. */
export function baseUrl(settings: SmsSettings, driver: SmsDriver): string {
  return (settings.endpoint || driver.defaultEndpoint).replace(/\/+$/, '');
}
