// A minimal MCP Apps host page for tests, built on the SDK's own host side (AppBridge): it draws a
// view's HTML in a sandboxed frame, answers its tool calls through the test's MCP client (exposed
// to the page as window.callTool) and hands it a tool result, as a chat client would.
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';

declare global {
  interface Window {
    callTool(params: unknown): Promise<never>;
    startHost(html: string, toolResult: unknown): Promise<void>;
  }
}

window.startHost = async (html, toolResult) => {
  const frame = document.createElement('iframe');
  frame.sandbox.add('allow-scripts');
  frame.style.cssText = 'width: 380px; height: 860px; border: 0;';
  document.body.appendChild(frame);
  const bridge = new AppBridge(null, { name: 'protostage-test-host', version: '1.0.0' }, { serverTools: {} });
  bridge.oncalltool = (params) => window.callTool(params);
  const initialized = new Promise<void>((resolve) => (bridge.oninitialized = () => resolve()));
  await bridge.connect(new PostMessageTransport(frame.contentWindow!, frame.contentWindow!));
  frame.srcdoc = html;
  await initialized;
  await bridge.sendToolResult(toolResult as Parameters<AppBridge['sendToolResult']>[0]);
};
