// .ci/validate-sarif.js checks SARIF logs against the SARIF 2.1.0 JSON
// schema (the one @microsoft/jest-sarif ships, a JSON Schema draft-04
// document) with ajv 6, both from the npm registry:
//
//	npm install --prefix DIR @microsoft/jest-sarif@1.0.0-beta.0 ajv@6.12.6
//	NODE_PATH=DIR/node_modules node .ci/validate-sarif.js LOG.sarif...
//
// It prints each log's errors and exits 1 if any log is not valid.
'use strict';

const fs = require('fs');
const Ajv = require('ajv');

const ajv = new Ajv({ schemaId: 'auto', allErrors: true });
ajv.addMetaSchema(require('ajv/lib/refs/json-schema-draft-04.json'));
const validate = ajv.compile(require('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'));

let failed = false;
for (const file of process.argv.slice(2)) {
  const log = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (validate(log)) {
    const results = log.runs.reduce((n, run) => n + run.results.length, 0);
    console.log(`${file}: valid SARIF 2.1.0 (${results} results)`);
    continue;
  }
  failed = true;
  for (const e of validate.errors) {
    console.log(`${file}: ${e.dataPath || '(log)'} ${e.message} ${JSON.stringify(e.params)}`);
  }
}
process.exit(failed ? 1 : 0);
