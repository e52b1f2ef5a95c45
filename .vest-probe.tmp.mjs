import { create, test, enforce, only, group, warn } from 'vest';
const suite = create((data) => {
  test('colour', 'Please choose a colour', () => { enforce(data.colour).isNotBlank(); });
  test('quantity', 'Quantity must be a whole number of at least 1', () => { enforce(data.quantity).isNumber().greaterThanOrEquals(1); enforce(Number.isInteger(data.quantity)).isTruthy(); });
  for (let i = 0; i < (data.inserts?.length ?? 0); i++) {
    test('brassInsert', `Insert ${i+1} bad`, () => { enforce(data.inserts[i]).greaterThan(2); }, `ins-${i}`);
  }
  test('hardness', 'warn', () => { warn(); enforce(data.h).equals(70); });
});
let r = suite.runStatic({ colour: '', quantity: 1.5, inserts: [1, 3], h: 60 });
console.log(r.valid, r.errorCount, r.getErrors(), r.getWarnings(), r.isValid(), typeof r.then);
r = suite.runStatic({ colour: 'white', quantity: 2, inserts: [], h: 70 });
console.log(r.valid, r.errorCount, r.getErrors(), r.isValid());
const t0 = performance.now(); const N = 5000;
for (let i = 0; i < N; i++) suite.runStatic({ colour: 'white', quantity: 2, inserts: [3,4], h: 70 });
console.log('runStatic µs', (performance.now() - t0) / N * 1000);
const t1 = performance.now();
for (let i = 0; i < N; i++) suite.run({ colour: 'white', quantity: 2, inserts: [3,4], h: 70 });
console.log('run µs', (performance.now() - t1) / N * 1000);
const r2 = suite.only('colour').run({ colour: '', quantity: 0 }); console.log(r2.getErrors(), r2.isTested('quantity'));
