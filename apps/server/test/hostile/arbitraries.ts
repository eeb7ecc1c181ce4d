import fc from 'fast-check';
import type { JsonSchema, Operation } from './support';

/** fast-check arbitraries for hostile requests, derived from an operation of the OpenAPI document. */

/** Code points and sequences that break naive text handling. */
const NASTY = [
  '\u0000', // NUL
  '\u0007',
  '\u001b[31m',
  '\uD800', // lone high surrogate
  '\uDFFF', // lone low surrogate
  '\uFEFF', // BOM
  '\u200B', // zero-width space
  '\u200D', // zero-width joiner
  '\u202E', // right-to-left override
  '\u2066', // left-to-right isolate
  'مرحبا', // Arabic (RTL)
  'שלום', // Hebrew (RTL)
  '👨‍👩‍👧‍👦', // ZWJ emoji family
  '🇮🇩',
  'e\u0301\u0301\u0301', // stacked combining marks
  'Ｓｏｅｋａｒｎｏ', // full-width
  'İı', // Turkish dotted/dotless i (case folding)
  'ß',
  '\r\n',
  '"',
  '\\',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${jndi:ldap://x}',
  '%s%n',
  '../../etc/passwd',
  '__proto__',
  'constructor',
];

export const unicodeHeavy: fc.Arbitrary<string> = fc.oneof(
  fc.string({
    unit: fc.oneof(fc.constantFrom(...NASTY), fc.string({ minLength: 1, maxLength: 1 })),
    maxLength: 12,
  }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(...NASTY),
);

const hugeString = fc.constantFrom(10_000, 100_000, 1_100_000).map((n) => 'ş'.repeat(n / 2));

export const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  unicodeHeavy,
  fc.double(),
  fc.constantFrom(null, true, false, 0, -1, 1e308, -0, 2 ** 53 + 1, '', [], {}),
  fc.array(unicodeHeavy, { maxLength: 5 }),
  fc.dictionary(unicodeHeavy, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 4 }),
);

/** A value that satisfies `schema` most of the time (names hint at realistic values). */
export function validFrom(schema: JsonSchema | undefined, name = ''): fc.Arbitrary<unknown> {
  if (
    !schema ||
    Object.keys(schema).length === 0 ||
    (schema.type === undefined && !schema.anyOf && !schema.enum)
  ) {
    return fc.oneof(fc.constant(undefined), fc.jsonValue({ maxDepth: 2 }));
  }
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => validFrom(s, name)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const props = schema.properties ?? {};
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, sub] of Object.entries(props)) shape[key] = validFrom(sub, key);
      return fc.record(shape, { requiredKeys: (schema.required ?? []).filter((k) => k in shape) });
    }
    case 'array':
      return fc.array(validFrom(schema.items, name), {
        minLength: Math.min(schema.minItems ?? 0, 3),
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'string': {
      const hinted: Record<string, fc.Arbitrary<string>> = {
        email: fc.oneof(fc.emailAddress(), fc.constant('pelajar@example.com')),
        password: fc.constantFrom('Merdeka1945', 'Proklamasi17Agustus', 'short'),
        nama: fc.constantFrom('Soekarno', 'Hatta', 'HATTA', 'Sukarno'),
        karakter: fc.constantFrom('soekarno', 'hatta', 'Soekarno', 'tan malaka'),
        name: fc.constantFrom('Pelajar Sejarah', 'Bung'),
        prompt: fc.constantFrom('Kapan proklamasi dibacakan?', 'Apa itu koperasi?', 'halo'),
        format: fc.constant('csv'),
        tag: fc.constantFrom('sapaan', 'proklamasi', 'Sapaan', 'tag baru'),
        input: fc.constantFrom('halo bung', 'apa kabar', 'kapan merdeka', '  spasi  '),
        responses: fc.constantFrom('Merdeka!', 'Baik, saudaraku.'),
        content: fc.constantFrom(
          'tag,kind,text\r\nsalam,input,halo\r\nsalam,response,Merdeka!',
          'tag,kind,text\r\n"x',
        ),
      };
      const min = schema.minLength ?? 0;
      const max = Math.max(min, Math.min(schema.maxLength ?? 16, 16));
      const plain = fc.string({ minLength: min, maxLength: max });
      return hinted[name]
        ? fc.oneof({ weight: 3, arbitrary: hinted[name] }, { weight: 1, arbitrary: plain })
        : plain;
    }
    case 'number':
    case 'integer':
      return fc.oneof(fc.constant(1), fc.integer({ min: -5, max: 5 }));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

type Mutation = 'drop' | 'wrongType' | 'extra' | 'huge' | 'unicode' | 'null' | 'nestedProto';

/** A near-miss of `schema`: a valid value with one field removed, mistyped, oversized or added. */
export function nearMissFrom(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      validFrom(schema),
      fc.constantFrom<Mutation>(
        'drop',
        'wrongType',
        'extra',
        'huge',
        'unicode',
        'null',
        'nestedProto',
      ),
      fc.nat(),
      junk,
      hugeString,
      unicodeHeavy,
    )
    .map(([value, mutation, index, other, huge, text]) => {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        return mutation === 'huge' ? huge : mutation === 'unicode' ? text : other;
      }
      const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      const keys = Object.keys(copy);
      const key = keys.length > 0 ? (keys[index % keys.length] as string) : 'field';
      switch (mutation) {
        case 'drop':
          delete copy[key];
          break;
        case 'wrongType':
          copy[key] = other;
          break;
        case 'extra':
          copy[`extra_${index % 3}`] = other;
          copy.role = 'admin';
          copy.id = '00000000-0000-0000-0000-000000000000';
          break;
        case 'huge':
          copy[key] = Array.isArray(copy[key]) ? [huge] : huge;
          break;
        case 'unicode':
          copy[key] = Array.isArray(copy[key]) ? [text, `${text} ${text}`] : text;
          break;
        case 'null':
          copy[key] = null;
          break;
        case 'nestedProto': {
          // Own "__proto__" and "constructor" keys, as JSON.parse creates them from request text.
          const rest = JSON.stringify(copy).slice(1, -1);
          return JSON.parse(
            `{"__proto__":{"role":"admin","isAdmin":true},"constructor":{"prototype":{"x":1}}${rest ? `,${rest}` : ''}}`,
          ) as unknown;
        }
      }
      return copy;
    });
}

/** Text that is not (quite) JSON. */
const malformedJson = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '{',
    '{"a":',
    '[1,2',
    'nul',
    'undefined',
    'NaN',
    '{"a":1}garbage',
    '\uFEFF{"tag":"x"}',
    '{"a":1,"a":2}',
    '1e999999',
    '-',
    "{'single':'quotes'}",
    '{"a":"\\ud800"}',
    '{"a":"\\u0000"}',
    '\u0000',
    `${'['.repeat(3000)}`,
  ),
  unicodeHeavy,
  fc.string({ unit: 'binary', maxLength: 60 }),
);

export interface Payload {
  raw: string;
  contentType: string | undefined;
}

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/jsonx',
  'application/xml',
  'application/octet-stream',
  'x/y',
  ';',
  'application/json;;;',
];

export function payloadFor(op: Operation): fc.Arbitrary<Payload | undefined> {
  const json = (a: fc.Arbitrary<unknown>) =>
    fc
      .tuple(
        a,
        fc.constantFrom('application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON'),
      )
      .map(([v, contentType]) => ({ raw: JSON.stringify(v) ?? 'null', contentType }));
  const alwaysThere = [
    { weight: 2, arbitrary: json(fc.jsonValue({ maxDepth: 3 })) },
    {
      weight: 2,
      arbitrary: malformedJson.map((raw) => ({ raw, contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.oneof(
            malformedJson,
            fc.jsonValue().map((v) => JSON.stringify(v)),
          ),
          fc.constantFrom(...CONTENT_TYPES),
        )
        .map(([raw, contentType]) => ({ raw, contentType })),
    },
    {
      weight: 1,
      arbitrary: fc
        .jsonValue({ maxDepth: 2 })
        .map((v) => ({ raw: JSON.stringify(v), contentType: undefined })),
    },
  ];
  if (op.body) {
    return fc.oneof(
      { weight: 3, arbitrary: json(validFrom(op.body)) },
      { weight: 5, arbitrary: json(nearMissFrom(op.body)) },
      ...alwaysThere,
    );
  }
  return fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, ...alwaysThere);
}

const encode = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80'; // an encoded lone surrogate
  }
};

/** A path segment: an existing value (a real id, figure or file), or something hostile. */
export function segmentFor(
  param: string,
  existing: () => Record<string, string[]>,
): fc.Arbitrary<string> {
  return fc.oneof(
    {
      weight: 5,
      arbitrary: fc.nat().map((i) => {
        const pool = existing()[param] ?? ['x'];
        return encode(pool[i % pool.length] as string);
      }),
    },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        '..',
        '%2e%2e',
        '..%2f..%2fetc%2fpasswd',
        '%2F',
        '%00',
        'soekarno%00',
        '%',
        '%zz',
        '%E0%A4%A',
        '%C0%AE',
        '%ED%A0%80',
        '0',
        '-1',
        '1.5',
        '1e3',
        '99999999999999999999',
        '2147483648',
        'NaN',
        '00000000-0000-0000-0000-000000000000',
        'ffffffff-ffff-ffff-ffff-ffffffffffff',
        '00000000-0000-0000-0000-00000000000g',
        'SOEKARNO',
        'Soekarno',
        'weights.bin.bak',
        'model.json%3F',
        'a'.repeat(199),
        'a'.repeat(201),
        'a'.repeat(5000),
        '__proto__',
        'constructor',
      ),
    },
    { weight: 2, arbitrary: fc.uuid().map((u) => (u.length % 2 ? u.toUpperCase() : u)) },
    { weight: 1, arbitrary: fc.integer().map(String) },
    { weight: 2, arbitrary: unicodeHeavy.filter((s) => s.length > 0).map(encode) },
  );
}

/** A query string: the operation's own parameters with good or bad values, or random keys. */
export function queryFor(op: Operation): fc.Arbitrary<string> {
  const own =
    op.query.length === 0
      ? fc.constant('')
      : fc
          .array(
            fc.tuple(
              fc.constantFrom(...op.query),
              fc.oneof(
                // The parameters' enum values when they have any, and numbers near page limits.
                fc.constantFrom(
                  ...op.query.flatMap((q) => (q.schema.enum ?? []).map(String)),
                  ...['0', '-1', '1', '50', '201', '1e3', '1_2', '99999999999999999999'],
                ),
                unicodeHeavy.map(encode),
                fc.constant(''),
              ),
            ),
            { minLength: 1, maxLength: 3 },
          )
          .map((pairs) => `?${pairs.map(([q, v]) => `${q.name}=${v}`).join('&')}`);
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant('') },
    { weight: 3, arbitrary: own },
    {
      weight: 2,
      arbitrary: fc
        .dictionary(unicodeHeavy.map(encode), unicodeHeavy.map(encode), { minKeys: 1, maxKeys: 4 })
        .map(
          (d) =>
            `?${Object.entries(d)
              .map(([k, v]) => `${k}=${v}`)
              .join('&')}`,
        ),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '?',
        '?&&&',
        '?a=%',
        '?__proto__[role]=admin',
        '?constructor[prototype][x]=1',
        '?format=csv&format=json',
        '?dryRun=true&dryRun=false',
        `?x=${'y'.repeat(10_000)}`,
        '?a[]=1&a[]=2',
        '?%00=%00',
      ),
    },
  );
}

export type Role = 'none' | 'bad' | 'learner' | 'admin';

/** An Authorization header for a role; `bad` covers garbage, forged and expired tokens. */
export function authFor(forged: () => string[]): fc.Arbitrary<{
  role: Role;
  header: (t: { learner: string; admin: string }) => string | undefined;
}> {
  const printable = (s: string) => s.replace(/[^\x20-\x7e]/g, '?');
  return fc.oneof(
    fc.constant({ role: 'none' as const, header: () => undefined }),
    fc
      .oneof(
        fc.string().map(printable),
        fc.string().map((s) => `Bearer ${printable(s)}`),
        fc.constantFrom(
          'Bearer',
          'Bearer ',
          'Basic YWRtaW46YWRtaW4=',
          'Bearer null',
          'Bearer undefined',
          'Bearer a.b.c',
          `Bearer ${'x'.repeat(8000)}`,
        ),
        fc.nat().map((i) => {
          const pool = forged();
          return `Bearer ${pool[i % pool.length] ?? 'x'}`;
        }),
      )
      .map((value) => ({ role: 'bad' as const, header: () => value })),
    fc.constant({
      role: 'learner' as const,
      header: (t: { learner: string }) => `Bearer ${t.learner}`,
    }),
    fc.constant({ role: 'admin' as const, header: (t: { admin: string }) => `Bearer ${t.admin}` }),
  );
}
