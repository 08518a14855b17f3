// The public page's own catalog (ADR 120, docs/translating.md), around `lingui extract` and `lingui check`:
//
//   node apps/web/scripts/public-catalog.ts modules       the files the public page loads, for lingui.config.ts
//   node apps/web/scripts/public-catalog.ts translations  copies the app catalog's translations into it
//   node apps/web/scripts/public-catalog.ts check         fails when either is not as these would write it
//
// `npm run i18n:extract:web` runs the first before `lingui extract` and the second after it;
// `npm run i18n:check:web` runs the third.
import path from 'node:path';
import { copyTranslations, differingTranslations } from './public-catalog-translations.ts';
import {
  PUBLIC_PAGE_MODULES_FILE,
  publicPageModules,
  readPublicPageModules,
  WEB_DIR,
  writePublicPageModules,
} from './public-page-modules.ts';

const LINGUI_CONFIG = path.join(WEB_DIR, 'lingui.config.ts');

async function check(): Promise<boolean> {
  let passed = true;
  const [listed, loaded] = await Promise.all([readPublicPageModules(), publicPageModules()]);
  const missing = loaded.filter((file) => !listed.includes(file));
  const extra = listed.filter((file) => !loaded.includes(file));
  if (missing.length > 0 || extra.length > 0) {
    passed = false;
    console.error(
      `FAIL public page modules: ${PUBLIC_PAGE_MODULES_FILE} is not what the public page loads (run npm run i18n:extract).`,
    );
    for (const file of missing) console.error(`  loaded, not listed: ${file}`);
    for (const file of extra) console.error(`  listed, not loaded: ${file}`);
  } else {
    console.log(`PASS public page modules: ${loaded.length} files`);
  }
  const differing = await differingTranslations(LINGUI_CONFIG);
  if (differing.length > 0) {
    passed = false;
    console.error(
      `FAIL public translations: ${differing.length} translation(s) of the public catalog are not the app catalog's (translate in messages.po, then run npm run i18n:extract).`,
    );
    for (const { locale, id, app } of differing.slice(0, 20)) {
      console.error(
        `  ${locale}: ${JSON.stringify(id)}${app === undefined ? ' (not in the app catalog)' : ''}`,
      );
    }
  } else {
    console.log('PASS public translations: the app catalog’s');
  }
  return passed;
}

const command = process.argv[2];
if (command === 'modules') {
  const files = await publicPageModules();
  await writePublicPageModules(files);
  console.log(`${PUBLIC_PAGE_MODULES_FILE}: ${files.length} files`);
} else if (command === 'translations') {
  const copied = await copyTranslations(LINGUI_CONFIG);
  console.log(`Public catalogs: ${copied} translation(s) copied from the app catalogs.`);
} else if (command === 'check') {
  if (!(await check())) process.exitCode = 1;
} else {
  console.error('Usage: node apps/web/scripts/public-catalog.ts modules | translations | check');
  process.exitCode = 2;
}
