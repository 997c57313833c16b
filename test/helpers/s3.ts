/**
 * A real S3-protocol server on loopback (s3rver) for the deploy tests, with a
 * bucket configured for static website hosting as the README's setup does,
 * and a TCP relay in front of it that can cut every connection mid-run.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import { createServer, type AddressInfo, type Socket, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, ListObjectsV2Command, PutBucketWebsiteCommand, S3Client, type HeadObjectCommandOutput } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export const BUCKET = 'site';
export const WEBSITE_HOST = `${BUCKET}.s3-website-us-east-1.amazonaws.com`;

// s3rver accepts these; the SDK's default credential chain reads them.
process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
// A deploy test can never reach AWS: no instance-metadata lookup for credentials, and a
// client given no endpoint of its own (CloudFront's, say) talks to a closed loopback port.
process.env.AWS_EC2_METADATA_DISABLED = 'true';
process.env.AWS_ENDPOINT_URL = 'http://127.0.0.1:9';

export interface LocalS3 {
  endpoint: string;
  client: S3Client;
  head(key: string): Promise<HeadObjectCommandOutput>;
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

export async function startS3(): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, resetOnClose: true, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' });
  await client.send(new PutBucketWebsiteCommand({ Bucket: BUCKET, WebsiteConfiguration: { IndexDocument: { Suffix: 'index.html' }, ErrorDocument: { Key: '404.html' } } }));
  return {
    endpoint,
    client,
    head: (key) => client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key })),
    keys: async () => ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((object) => object.Key ?? '').sort(),
    close: async () => {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * A relay to `target` that cuts every connection, and stops accepting new
 * ones, once it has passed on `requestsBeforeFault` PUT requests: a network
 * that fails in the middle of a deploy.
 */
export async function startFaultyRelay(target: string, requestsBeforeFault: number): Promise<{ endpoint: string; close: () => Promise<void> }> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  let puts = 0;
  let broken = false;
  const relay = createServer((client) => {
    if (broken) return client.destroy();
    const upstream = connect(Number(port), hostname);
    sockets.add(client).add(upstream);
    client.on('data', (chunk: Buffer) => {
      puts += (chunk.toString('latin1').match(/^PUT /gm) ?? []).length;
      if (puts > requestsBeforeFault && !broken) {
        broken = true;
        for (const socket of sockets) socket.destroy();
        relay.close();
        return;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    for (const socket of [client, upstream]) socket.on('error', () => undefined).on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const address = relay.address();
  const relayPort = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    endpoint: `http://127.0.0.1:${relayPort}`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        relay.close(() => resolve());
        if (broken) resolve();
      }),
  };
}

/** A request the recording relay passed on: its method, its key in the bucket, and when it started and ended. */
export interface RecordedRequest {
  method: string;
  key: string;
  /** Whether it made the key a redirect. */
  redirect: boolean;
  started: number;
  ended: number;
}

/** A relay to `target` that records every request, so a test can see in what order a deploy sent them. */
export async function startRecordingRelay(target: string): Promise<{ endpoint: string; requests: RecordedRequest[]; close: () => Promise<void> }> {
  const requests: RecordedRequest[] = [];
  const relay = createHttpServer((incoming, outgoing) => {
    const started = performance.now();
    const forwarded = httpRequest(new URL(incoming.url ?? '/', target), { method: incoming.method, headers: incoming.headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
      answer.on('end', () => {
        const key = decodeURIComponent(new URL(incoming.url ?? '/', target).pathname).slice(`/${BUCKET}/`.length);
        requests.push({ method: incoming.method ?? '', key, redirect: incoming.headers['x-amz-website-redirect-location'] !== undefined, started, ended: performance.now() });
      });
    });
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const { port } = relay.address() as AddressInfo;
  return { endpoint: `http://127.0.0.1:${port}`, requests, close: () => new Promise((resolve) => relay.close(() => resolve())) };
}

/** A server that accepts every connection and never answers: a hung endpoint. */
export async function startSilentServer(): Promise<{ endpoint: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined).on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
