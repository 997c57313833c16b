import type { ServerResponse } from 'node:http';

/** What the preview tells open pages. */
export type PreviewEvent =
  | { type: 'reload'; moved: Record<string, string>; written: string[]; removed: string[] }
  /** What stopped the build, and how many warnings the terminal holds besides: the overlay shows the errors alone. */
  | { type: 'build-error'; lines: string[]; warnings: number };

/**
 * The server-sent-event stream of the preview (`/__preview/events`). A page
 * that connects while the last build failed is told so at once, so the
 * overlay shows on any page opened during a mistake.
 */
export class PreviewEvents {
  private readonly clients = new Set<ServerResponse>();
  private lastError: PreviewEvent | undefined;

  connect(response: ServerResponse): void {
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
    response.write(': connected\n\n');
    if (this.lastError) response.write(format(this.lastError));
    this.clients.add(response);
    response.on('close', () => this.clients.delete(response));
  }

  send(event: PreviewEvent): void {
    this.lastError = event.type === 'build-error' ? event : undefined;
    for (const client of this.clients) client.write(format(event));
  }

  /** Ends every stream, so the server can close. */
  close(): void {
    for (const client of this.clients) client.end();
    this.clients.clear();
  }
}

function format(event: PreviewEvent): string {
  const { type, ...data } = event;
  return `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}
