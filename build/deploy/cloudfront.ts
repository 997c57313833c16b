/** The deploy's use of CloudFront, and the only module that imports its client. */
import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import { clientLimits, type NetworkLimits } from './s3.ts';

/**
 * Asks CloudFront to forget the given paths of a distribution.
 *
 * @returns the invalidation's id
 */
export async function createInvalidation(distributionId: string, paths: readonly string[], network: NetworkLimits): Promise<string> {
  // CloudFront's API lives in us-east-1 whatever the bucket's region; AWS_ENDPOINT_URL_CLOUDFRONT points it elsewhere.
  const client = new CloudFrontClient({ region: 'us-east-1', ...clientLimits(network) });
  const result = await client.send(
    new CreateInvalidationCommand({
      DistributionId: distributionId,
      InvalidationBatch: { CallerReference: `deploy-${Date.now()}`, Paths: { Quantity: paths.length, Items: [...paths] } },
    }),
  );
  return result.Invalidation?.Id ?? '(no id returned)';
}
