import assert from 'node:assert/strict';
import { test } from 'node:test';
import { internationalPhone, isFictionalPhone, parsePhone } from '../../../build/lib/phone.ts';

test('a US number however it is written: shown as (305) 555-0142, dialled as +13055550142', () => {
  for (const written of ['(305) 555-0142', '305-555-0142', '305.555.0142', '3055550142', '1-305-555-0142', '+1 305 555 0142', '+1 (305) 555-0142', ' (305)555-0142 ']) {
    assert.deepEqual(parsePhone(written), { display: '(305) 555-0142', dial: '+13055550142' }, written);
  }
  assert.equal(internationalPhone({ display: '(305) 555-0142', dial: '+13055550142' }), '+1-305-555-0142');
});

test('what is not a 10-digit US number is refused', () => {
  for (const written of ['555-0142', '305-555-014', '305-555-01422', '1-800-MEDICARE', '+44 20 7946 0958', '(105) 555-0142', '(305) 155-0142', '305-555-0142 ext. 4', '2-305-555-0142']) {
    assert.equal(parsePhone(written), undefined, written);
  }
});

test('555-0100 to 555-0199 are the fictional numbers; other 555 numbers are not', () => {
  const fictional = (written: string) => isFictionalPhone(parsePhone(written) ?? assert.fail(written));
  assert.deepEqual(['(305) 555-0100', '(305) 555-0142', '(212) 555-0199', '(305) 555-0200', '(305) 555-1212', '(305) 358-0142'].map(fictional), [true, true, true, false, false, false]);
});
