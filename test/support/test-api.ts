import type { INestApplication } from '@nestjs/common';
import type { DestinationStream } from 'pino';
import { DataSource } from 'typeorm';
import { createApi } from '../../src/api';
import { ClientsService, CreatedClient } from '../../src/auth/clients.service';
import { loadEnv } from '../../src/config/env';

export interface TestApi {
  app: INestApplication;
  baseUrl: string;
  dataSource: DataSource;
  close(): Promise<void>;
}

/** The real HTTP facade on a free loopback port, against the suite's PostgreSQL and Temporal. */
export async function startTestApi(
  overrides: NodeJS.ProcessEnv = {},
  logDestination?: DestinationStream,
): Promise<TestApi> {
  const app = await createApi(loadEnv({ ...process.env, ...overrides }), logDestination);
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  return {
    app,
    baseUrl: `http://127.0.0.1:${address.port}`,
    dataSource: app.get(DataSource),
    close: () => app.close(),
  };
}

export interface TestClient extends CreatedClient {
  token: string;
}

/** A fresh client with its own API key and a valid access token: the unit of test isolation. */
export async function createTestClient(api: TestApi, name = 'Test client'): Promise<TestClient> {
  const created = await api.app.get(ClientsService).create({ name });
  const response = await fetch(`${api.baseUrl}/auth/token`, { headers: { 'x-api-key': created.apiKey } });
  if (response.status !== 200) throw new Error(`token request failed: ${response.status}`);
  const { accessToken } = (await response.json()) as { accessToken: string };
  return { ...created, token: accessToken };
}

export interface HttpResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A tiny JSON client over real HTTP; `token` null sends no Authorization header. */
export function http(baseUrl: string, token: string | null) {
  const call = async <T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<HttpResult<T>> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Non-JSON bodies (CSV, HTML docs) are returned as text.
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  };
  return {
    get: <T = any>(path: string, headers?: Record<string, string>) => call<T>('GET', path, undefined, headers),
    post: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) =>
      call<T>('POST', path, body ?? {}, headers),
    put: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) =>
      call<T>('PUT', path, body ?? {}, headers),
    patch: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) =>
      call<T>('PATCH', path, body ?? {}, headers),
    delete: <T = any>(path: string, headers?: Record<string, string>) => call<T>('DELETE', path, undefined, headers),
  };
}
