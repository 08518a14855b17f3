// The public page's catalog (src/locales/<lang>/public.po, ADR 120) holds messages of the app's
// catalog (messages.po): translators write them there, once, and these copy them over.
import { type CatalogType, getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';

type TCatalog = Awaited<ReturnType<typeof getCatalogs>>[number];

/** The app's and the public page's catalogs of a Lingui config, found by their file names. */
async function appAndPublicCatalogs(configPath: string) {
  const config = getConfig({ configPath });
  const catalogs = await getCatalogs(config);
  const named = (name: string): TCatalog => {
    const found = catalogs.find((catalog) => catalog.path.endsWith(`/${name}`));
    if (!found) throw new Error(`${configPath} has no "${name}" catalog.`);
    return found;
  };
  return { config, app: named('messages'), publicPage: named('public') };
}

/** A difference between a message's translation in the public catalog and in the app's. */
export interface TTranslationDifference {
  locale: string;
  id: string;
  /** Its translation in the app's catalog; undefined: the app's catalog lacks the message. */
  app: string | undefined;
  publicPage: string | undefined;
}

function differences(locale: string, app: CatalogType, publicPage: CatalogType): TTranslationDifference[] {
  return Object.entries(publicPage)
    .filter(([id, message]) => !app[id] || app[id].translation !== message.translation)
    .map(([id, message]) => ({
      locale,
      id,
      app: app[id]?.translation,
      publicPage: message.translation,
    }));
}

/** Every public message whose translation is not the app catalog's, in every locale. */
export async function differingTranslations(configPath: string): Promise<TTranslationDifference[]> {
  const { config, app, publicPage } = await appAndPublicCatalogs(configPath);
  const found: TTranslationDifference[] = [];
  for (const locale of config.locales) {
    found.push(...differences(locale, (await app.read(locale)) ?? {}, (await publicPage.read(locale)) ?? {}));
  }
  return found;
}

/**
 * Gives each message of the public catalogs the translation it has in the app's catalog of the
 * same language. A message the app's catalog lacks is left as it is (`i18n:check` reports it).
 */
export async function copyTranslations(configPath: string): Promise<number> {
  const { config, app, publicPage } = await appAndPublicCatalogs(configPath);
  let copied = 0;
  for (const locale of config.locales) {
    const appMessages = (await app.read(locale)) ?? {};
    const publicMessages = await publicPage.read(locale);
    if (!publicMessages) continue;
    for (const [id, message] of Object.entries(publicMessages)) {
      const translation = appMessages[id]?.translation;
      if (translation === undefined || translation === message.translation) continue;
      message.translation = translation;
      copied += 1;
    }
    await publicPage.write(locale, publicMessages);
  }
  return copied;
}
