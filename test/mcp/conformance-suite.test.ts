// The official MCP conformance suite's server scenarios against `protostage serve`. 0.1.13 is
// the suite's latest release that runs on Node 20 (later ones need fs.globSync, Node 22).
//
// The scenarios that apply to this server are run. The others test fixtures of the suite's own
// reference server (tools named test_simple_text, test_image_content …, prompts named
// test_prompt_with_arguments for completion, resources named test://…) or features protostage
// does not offer (logging, sampling, elicitation, resource subscriptions, prompts), so they
// cannot pass against any other server; the list below says which is which.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';
import { startServe, type ServeProcess } from './serve-process.ts';

const SUITE = createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/dist/index.js');

const APPLICABLE_SCENARIOS = ['server-initialize', 'ping', 'tools-list', 'resources-list', 'server-sse-multiple-streams', 'dns-rebinding-protection'];
// Not run, and why. A scenario name or a prefix ending in *.
const NOT_APPLICABLE: Array<[string, string]> = [
  ['logging-set-level', 'no logging capability'],
  ['completion-complete', "completes the reference server's prompt test_prompt_with_arguments"],
  ['tools-call-*', "call the reference server's test_* tools"],
  ['elicitation-*', 'need elicitation, which no protostage tool uses'],
  ['resources-read-*', "read the reference server's test:// resources"],
  ['resources-templates-read', "reads the reference server's test://template/{id}/data"],
  ['resources-subscribe', 'no resource subscriptions'],
  ['resources-unsubscribe', 'no resource subscriptions'],
  ['prompts-*', 'no prompts'],
  ['json-schema-2020-12', "looks for the reference server's json_schema_2020_12_tool"],
  ['server-sse-polling', 'pending in the suite (not in its active set); it calls a reference tool'],
];

let serve: ServeProcess;

before(async () => {
  serve = await startServe();
});

after(() => serve.stop());

function runSuite(args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [SUITE, ...args], { timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

for (const scenario of APPLICABLE_SCENARIOS) {
  test(`conformance scenario ${scenario} passes`, async () => {
    const { code, output } = await runSuite(['server', '--url', serve.url, '--scenario', scenario]);
    assert.equal(code, 0, output);
    assert.match(output, /Passed: (\d+)\/\1, 0 failed/, output);
  });
}

test('every server scenario of the suite is either run here or listed as not applicable, with the reason', async () => {
  const { output } = await runSuite(['list']);
  const serverSection = output.slice(output.indexOf('Server scenarios'), output.indexOf('Client scenarios'));
  const scenarios = [...serverSection.matchAll(/^\s+- (\S+)$/gm)].map((match) => match[1]!);
  assert.ok(scenarios.length > 20, `the suite lists its server scenarios:\n${output}`);
  const excused = (name: string) => NOT_APPLICABLE.some(([pattern]) => (pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern));
  const unaccounted = scenarios.filter((name) => !APPLICABLE_SCENARIOS.includes(name) && !excused(name));
  assert.deepEqual(unaccounted, [], 'a scenario this list does not know: run it here or say why it does not apply');
});
