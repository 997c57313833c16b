/** The deploy's use of CloudFront, and the only module that imports its client. */
import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';

/**
 * Asks CloudFront to forget the given paths of a distribution.
 *
 * @returns the invalidation's id
 */
export async function createInvalidation(distributionId: string, paths: readonly string[]): Promise<string> {
  // CloudFront's API lives in us-east-1 whatever the bucket's region.
  const client = new CloudFrontClient({ region: 'us-east-1', maxAttempts: 4 });
  const result = await client.send(
    new CreateInvalidationCommand({
      DistributionId: distributionId,
      InvalidationBatch: { CallerReference: `deploy-${Date.now()}`, Paths: { Quantity: paths.length, Items: [...paths] } },
    }),
  );
  return result.Invalidation?.Id ?? '(no id returned)';
}
