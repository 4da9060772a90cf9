import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The button of a `Select` primitive named `label` (its accessible name is the shown value, then the
 * label), within `scope` when given.
 */
export function selectButton(label: string, scope?: HTMLElement): HTMLElement {
  const query = scope ? within(scope) : screen;
  return query.getByRole('button', { name: new RegExp(`${escapeRegExp(label)}$`) });
}

/** Opens the `Select` primitive named `label` and picks the option shown as `option`. */
export async function chooseOption(user: UserEvent, label: string, option: string, scope?: HTMLElement) {
  await user.click(selectButton(label, scope));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** The option texts of the `Select` named `label`, read by opening it and closing it again. */
export async function optionTexts(user: UserEvent, label: string, scope?: HTMLElement): Promise<string[]> {
  await user.click(selectButton(label, scope));
  const texts = (await screen.findAllByRole('option')).map((option) => option.textContent ?? '');
  await user.keyboard('{Escape}');
  return texts;
}
