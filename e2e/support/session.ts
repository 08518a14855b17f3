import { expect, type Page } from '@playwright/test';

export interface Credentials {
  email: string;
  password: string;
}

export async function signIn(page: Page, user: Credentials): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

export function userMenuButton(page: Page) {
  return page.getByRole('button', { name: /user menu/i });
}

export async function signOut(page: Page): Promise<void> {
  await userMenuButton(page).click();
  await page.getByRole('menuitem', { name: /Sign Out/ }).click();
  await expect(page).toHaveURL(/\/login$/);
}
