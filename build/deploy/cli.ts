/**
 * `npm run deploy -- --bucket NAME`: publishes out/ to S3 (and invalidates
 * CloudFront). Exit codes: 0 done, 1 it could not finish or refused to
 * (drafts, sample content, too many deletions: the message says why and
 * what to do), 2 wrong usage.
 */
import { answeredHelpOrVersion, HELP_AND_VERSION, parseOptions, runCommand } from '../cli/options.ts';
import { UsageError } from '../diagnostics/index.ts';
import { DEFAULT_MAX_DELETES, deploy, NETWORK_LIMITS } from './index.ts';

const HELP = `Publish out/ to Amazon S3, and invalidate CloudFront.

Usage: npm run deploy -- --bucket NAME [options]

Options:
  --bucket NAME          the S3 bucket (required)
  --prefix P             a folder of the bucket to publish into (default: the bucket root)
  --region R             the bucket's region (default: AWS_REGION, else us-east-1)
  --endpoint URL         an S3-compatible endpoint instead of AWS (path-style)
  --distribution-id ID   the CloudFront distribution to invalidate after the upload
                         (without it, nothing is invalidated)
  --out DIR              the built site (default: out)
  --dry-run              print the plan (upload, skip, delete, invalidate) and change nothing
  --max-deletes N        most objects deleted without --yes (default: ${DEFAULT_MAX_DELETES})
  --yes                  allow deleting more than --max-deletes
  --force                upload every object, even unchanged ones (after a change of headers)
  --allow-sample         publish a site that still holds sample content (an
                         example.com address, a "Sample" name, a 555-01xx phone,
                         the sample's bylines, pictures or handouts): for a
                         staging bucket only
  --help                 show this help
  --version              show the generator's version

A site built with --drafts is always refused: drafts are for the preview.

Credentials come from the standard AWS chain: environment variables
(AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY), a profile (AWS_PROFILE), or the
web identity of a CI job; README.md, "Deploying by hand". None belong in the
repository.
`;

runCommand('deploy', async () => {
  const values = parseOptions(process.argv.slice(2), {
    bucket: { type: 'string' },
    prefix: { type: 'string', default: '' },
    region: { type: 'string' },
    endpoint: { type: 'string' },
    'distribution-id': { type: 'string' },
    out: { type: 'string', default: 'out' },
    'dry-run': { type: 'boolean', default: false },
    'max-deletes': { type: 'string', default: String(DEFAULT_MAX_DELETES) },
    yes: { type: 'boolean', default: false },
    force: { type: 'boolean', default: false },
    'allow-sample': { type: 'boolean', default: false },
    ...HELP_AND_VERSION,
  });
  const text = (name: string): string | undefined => (typeof values[name] === 'string' ? values[name] : undefined);
  if (answeredHelpOrVersion(values, HELP)) return 0;
  const bucket = text('bucket');
  if (bucket === undefined || bucket === '') throw new UsageError('--bucket NAME is required: the S3 bucket to publish to.');
  const maxDeletes = Number(text('max-deletes'));
  if (!Number.isInteger(maxDeletes) || maxDeletes < 0) throw new UsageError(`--max-deletes must be a whole number, not "${text('max-deletes') ?? ''}".`);
  const endpoint = text('endpoint');
  if (endpoint !== undefined && !/^https?:\/\//.test(endpoint)) throw new UsageError(`--endpoint must be a URL such as http://127.0.0.1:4569, not "${endpoint}".`);
  await deploy(
    {
      bucket,
      prefix: text('prefix') ?? '',
      region: text('region') ?? process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'us-east-1',
      endpoint,
      distributionId: text('distribution-id'),
      outDir: text('out') ?? 'out',
      dryRun: values['dry-run'] === true,
      maxDeletes,
      yes: values.yes === true,
      force: values.force === true,
      allowSample: values['allow-sample'] === true,
      network: NETWORK_LIMITS,
    },
    (line) => process.stdout.write(`${line}\n`),
  );
  return 0;
});
