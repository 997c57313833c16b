/**
 * A published photo that records where it was taken (build/load/photo-location.ts):
 * phones write the GPS position into a JPEG, and the site publishes assets as
 * they are, so the build warns, naming the file and the place, and goes on.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import sharp from 'sharp';
import { temporaryFolder } from '../../helpers/folders.ts';
import { buildFrom, SITE_MD } from '../../helpers/sites.ts';

/** A JPEG as a phone saves it, with the place it was taken: Miami, 25.7617 N, 80.1918 W. */
const photo = (place: boolean) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#808080' } })
    .jpeg()
    .withExif(place ? { IFD0: { Make: 'Phone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '25/1 45/1 4212/100', GPSLongitudeRef: 'W', GPSLongitude: '80/1 11/1 3048/100' } } : { IFD0: { Make: 'Phone' } })
    .toBuffer();

test('a photo that records where it was taken is a warning naming the file and the place; its copies keep no place', async () => {
  const files = {
    'content/site.md': SITE_MD.replace('photo: "/images/physician.svg"', 'photo: "/images/portrait.jpg"'),
    'assets/images/portrait.jpg': await photo(true),
    'assets/images/clinic.jpg': await photo(false),
  };
  const build = await buildFrom(files, { cacheDir: await temporaryFolder('photo-location') });
  const located = build.warnings.filter((warning) => warning.ruleId === 'image-location');
  assert.deepEqual(
    located.map((warning) => [warning.file.split('/').slice(-2).join('/'), warning.message]),
    [['images/portrait.jpg', 'This photo records the place it was taken (latitude 25.762, longitude -80.192) in its EXIF data, and the site publishes it as it is: anyone who saves it can read the place.']],
  );
  assert.match(located[0]?.hint ?? '', /^Save it again without its location/);
  const copies = [...build.files].filter(([file]) => /^images\/portrait\.\d+w\.(avif|webp)$/.test(file));
  assert.ok(copies.length > 0, 'the photo has copies');
  for (const [file, bytes] of copies) assert.equal((await sharp(bytes).metadata()).exif, undefined, `${file} keeps no EXIF`);
});
