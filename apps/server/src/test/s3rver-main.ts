// s3rver in a process of its own (test/s3rver.ts's startS3Process), so that a test can kill it as an
// S3 outage and start it again on the same port and folder. Arguments: port, folder, bucket; says
// { port } over IPC once it listens.
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

type S3rverClass = new (options: Record<string, unknown>) => { run(): Promise<AddressInfo> };
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

const [port, directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  port: Number(port),
  address: '127.0.0.1',
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
});
const address = await server.run();
process.send?.({ port: address.port });
