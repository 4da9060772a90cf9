import type { UiText } from './ui-text.js';

/** Node groups of the Kratos UI container. */
export type NodeGroup = 'default' | 'password' | 'profile' | 'totp' | 'lookup_secret' | 'webauthn' | 'oidc' | 'code';

/** Attributes of an input node. */
export interface InputAttributes {
  node_type: 'input';
  name: string;
  type: 'text' | 'password' | 'number' | 'checkbox' | 'hidden' | 'email' | 'submit' | 'button';
  value?: unknown;
  required?: boolean;
  disabled: boolean;
  autocomplete?: string;
  label?: UiText;
  onclick?: string;
  onclickTrigger?: string;
  onload?: string;
  onloadTrigger?: string;
}

/** A Kratos UI node: an input, text, image or script with its group, messages and meta label. */
export interface UiNode {
  type: 'input' | 'text' | 'img' | 'script' | 'a';
  group: NodeGroup;
  attributes: InputAttributes | Record<string, unknown>;
  messages: UiText[];
  meta: { label?: UiText };
}

/** The `ui` object of a flow. */
export interface UiContainer {
  action: string;
  method: 'POST';
  nodes: UiNode[];
  messages?: UiText[];
}

/** An input node. `label` goes both to meta (Kratos's place for it) and attributes for submit buttons. */
export function input(
  group: NodeGroup,
  name: string,
  type: InputAttributes['type'],
  options: { value?: unknown; required?: boolean; autocomplete?: string; label?: UiText; disabled?: boolean } = {},
): UiNode {
  const attributes: InputAttributes = { name, type, node_type: 'input', disabled: options.disabled ?? false };
  if (options.value !== undefined) attributes.value = options.value;
  if (options.required) attributes.required = true;
  if (options.autocomplete) attributes.autocomplete = options.autocomplete;
  return { type: 'input', group, attributes, messages: [], meta: options.label ? { label: options.label } : {} };
}

/** The hidden csrf_token node every browser flow carries. */
export function csrfNode(token: string): UiNode {
  return input('default', 'csrf_token', 'hidden', { value: token, required: true });
}

/** A text node (secrets to copy, such as the TOTP secret or backup codes). */
export function textNode(group: NodeGroup, id: string, text: UiText, label?: UiText): UiNode {
  return {
    type: 'text',
    group,
    attributes: { id, text, node_type: 'text' },
    messages: [],
    meta: label ? { label } : {},
  };
}

/** An image node (the TOTP QR code as a data URL). */
export function imageNode(group: NodeGroup, id: string, src: string, label: UiText): UiNode {
  return {
    type: 'img',
    group,
    attributes: { id, src, width: 256, height: 256, node_type: 'img' },
    messages: [],
    meta: { label },
  };
}

/** Adds a message to the named input node (field-level error); unknown names go to the container. */
export function addFieldMessage(ui: UiContainer, name: string, message: UiText): void {
  const node = ui.nodes.find((n) => (n.attributes as { name?: unknown }).name === name);
  if (node) node.messages.push(message);
  else ui.messages = [...(ui.messages ?? []), message];
}

/** Clears every message (before re-validating a submitted flow). */
export function clearMessages(ui: UiContainer): void {
  ui.messages = [];
  for (const node of ui.nodes) node.messages = [];
}

/** Sets the value of an input node, for echoing back what the user typed (never passwords). */
export function setValue(ui: UiContainer, name: string, value: unknown): void {
  const node = ui.nodes.find((n) => (n.attributes as { name?: unknown }).name === name);
  if (node) (node.attributes as InputAttributes).value = value;
}
