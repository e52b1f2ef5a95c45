import { CreateBucketCommand, S3ServiceException } from '@aws-sdk/client-s3';
import { readStorageSettings } from '../config.ts';
import { S3Objects, createS3Client } from '../storage/s3-storage.ts';

/**
 * `npm run s3:create-bucket` (docs/deploy.md, "Object storage"): creates the bucket that STORAGE=s3,
 * S3_BUCKET, S3_ENDPOINT, S3_REGION and the credentials name, with the same S3 client the servers
 * use, then checks it as a server does at start. A bucket that already exists and is yours is fine,
 * so it is safe to run at every release. Needs only the S3 variables.
 */
try {
  const storage = readStorageSettings(process.env);
  if (storage.kind !== 's3') throw new Error('npm run s3:create-bucket needs STORAGE=s3 and the S3 variables (S3_BUCKET, S3_ENDPOINT for a store other than AWS, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY).');
  const { s3 } = storage;
  const client = createS3Client(s3);
  try {
    await client.send(new CreateBucketCommand({ Bucket: s3.bucket, ...(s3.region !== 'us-east-1' ? { CreateBucketConfiguration: { LocationConstraint: s3.region as never } } : {}) }));
    console.log(`[s3] created the bucket "${s3.bucket}"`);
  } catch (error) {
    // AWS answers BucketAlreadyOwnedByYou for one's own bucket; s3rver and some stores BucketAlreadyExists
    // for any. Either way the check below says whether this one can be used (403 when it is another's).
    if (!(error instanceof S3ServiceException && (error.name === 'BucketAlreadyOwnedByYou' || error.name === 'BucketAlreadyExists'))) throw error;
    console.log(`[s3] the bucket "${s3.bucket}" already exists`);
  }
  await new S3Objects(client, s3.bucket, s3.prefix).check();
  console.log(`[s3] the bucket "${s3.bucket}" is ready at ${s3.endpoint ?? `AWS (${s3.region})`}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
