import { expect, type Page } from '@playwright/test';
import type { OperatorData } from './support.js';

// What a tenant does in the browser in the production specs, step by step as a user would.

/** Logs the operator's tenant user in and waits for the greeting. */
export async function logIn(page: Page, user: OperatorData): Promise<void> {
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Heslo', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Přihlásit se' }).click();
  await expect(page.getByRole('heading', { level: 1, name: user.greeting })).toBeVisible();
}

/** Opens the incident list from the main menu. */
export async function openIncidents(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Hlavní nabídka' })
    .getByRole('link', { name: 'Hlášení incidentů' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hlášení incidentů' })).toBeVisible();
}

/** Reports an incident in Dům Gama from the incident list and waits for its confirmation. */
export async function reportIncident(page: Page, subject: string, description: string): Promise<void> {
  await page.getByRole('link', { name: 'Nahlásit incident' }).click();
  await page.getByRole('textbox', { name: 'Předmět' }).fill(subject);
  await page.getByLabel('Budova').selectOption({ label: 'Dům Gama, Praha 1' });
  await page.getByRole('textbox', { name: 'Popis' }).fill(description);
  await page.getByRole('button', { name: 'Odeslat hlášení' }).click();
  await expect(page.getByText('Incident byl úspěšně vytvořen.')).toBeVisible();
}

/** Opens the incident `subject` from the list and adds a comment, seen in its timeline. */
export async function commentOnIncident(page: Page, subject: string, comment: string): Promise<void> {
  await page.getByRole('link', { name: subject }).click();
  await page.getByRole('textbox', { name: 'Komentář' }).fill(comment);
  await page.getByRole('button', { name: 'Odeslat komentář' }).click();
  await expect(page.getByText('Komentář byl přidán.')).toBeVisible();
  await expect(page.getByTestId('incident-timeline').getByText(comment)).toBeVisible();
}
