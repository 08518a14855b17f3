import { i18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import {
  ASSET_EXTERNAL_ID_MAX_LENGTH,
  PRODUCT_NAME,
  type TAsset,
  type TFieldDefinition,
} from '@mqr/contracts';
import { type ReactNode, useState } from 'react';
import { Controller, type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { TScreenStatus } from '#web/components/layouts/screen-status.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ButtonLink } from '#web/components/ui/button-link.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { CheckboxField } from '#web/components/ui/checkbox-field.tsx';
import { OfflineNotice } from '#web/components/ui/offline-notice.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { TextareaField } from '#web/components/ui/textarea-field.tsx';
import { CustomFieldInputs, useFields } from '#web/features/fields/index.ts';
import { LocationPicker, type TPickedLocation, useLocation } from '#web/features/locations/index.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { isAdminUser, useAuth } from '#web/lib/auth-store.ts';
import { failureMessage } from '#web/lib/failure-message.ts';
import { OFFLINE_TEXTS } from '#web/lib/texts.ts';
import { useOnline } from '#web/lib/use-online.ts';
import { useAsset } from '../api/get-asset.ts';
import { useSaveAsset } from '../api/save-asset.ts';
import { ASSET_TEXTS, FORM_TEXTS, PLACE_TEXTS } from '../texts.ts';
import styles from './asset-form-page.module.css';
import {
  checkAssetForm,
  formPathFromServer,
  initialAssetFormValues,
  type TAssetFormValues,
} from './asset-form-values.ts';
import { ParentAssetPicker } from './parent-asset-picker.tsx';

/**
 * /assets/new (create; `?location={id}` starts it at that location, a location page's "Create asset
 * here") and /assets/{id}/edit (edit).
 */
export function AssetFormPage() {
  const { _ } = useLingui();
  const { id } = useParams();
  const isEdit = !!id;
  const assetQuery = useAsset(id);
  const fieldsQuery = useFields('Asset');
  const startAt = useSearchParams()[0].get('location') ?? undefined;
  const startLocation = useLocation(isEdit ? undefined : startAt);
  const title = _(isEdit ? FORM_TEXTS.editTitle : FORM_TEXTS.createTitle);
  const online = useOnline();
  const asset = assetQuery.data;
  const initialLocation: TPickedLocation | null = startLocation.data
    ? { id: startLocation.data.id, path: startLocation.data.path }
    : null;

  let body: ReactNode;
  if (
    (isEdit && assetQuery.isPending) ||
    fieldsQuery.isPending ||
    (startLocation.isLoading && !startLocation.data)
  ) {
    // Offline, a form whose data this device did not keep says so (ADR 090).
    body = online ? (
      <StateMessage>{_(ASSET_TEXTS.formLoading)}</StateMessage>
    ) : (
      <OfflineNotice>{_(OFFLINE_TEXTS.page)}</OfflineNotice>
    );
  } else if (isEdit && (assetQuery.isError || !asset)) {
    body = <Alert>{_(ASSET_TEXTS.formLoadFailed)}</Alert>;
  } else {
    body = (
      <>
        {online ? null : (
          <div className={styles.offline}>
            <OfflineNotice>{_(OFFLINE_TEXTS.assetForm)}</OfflineNotice>
          </div>
        )}
        <AssetForm
          asset={asset}
          definitions={fieldsQuery.data ?? []}
          fieldsFailed={fieldsQuery.isError}
          initialLocation={initialLocation}
        />
      </>
    );
  }

  return (
    <>
      <title>{_(FORM_TEXTS.documentTitle(title, PRODUCT_NAME))}</title>
      <PageHeader
        title={title}
        subtitle={
          isEdit ? (asset ? _(FORM_TEXTS.editSubtitle(asset.name)) : undefined) : _(FORM_TEXTS.createSubtitle)
        }
        actions={
          <>
            <ButtonLink to="/assets" variant="secondary">
              {_(FORM_TEXTS.back)}
            </ButtonLink>
            {isEdit && id ? (
              <ButtonLink to={`/assets/${id}`} variant="secondary">
                {_(FORM_TEXTS.view)}
              </ButtonLink>
            ) : null}
          </>
        }
      />
      {body}
    </>
  );
}

type TAssetFormProps = {
  asset: TAsset | undefined;
  definitions: TFieldDefinition[];
  fieldsFailed: boolean;
  /** Where a new asset starts (a location page's "Create asset here"). */
  initialLocation: TPickedLocation | null;
};

function toFieldErrors(errors: { path: string; message: string }[]): FieldErrors<TAssetFormValues> {
  const result: Record<string, unknown> = {};
  const custom: Record<string, unknown> = {};
  for (const error of errors) {
    const entry = { type: 'validate', message: error.message };
    if (error.path.startsWith('custom.')) custom[error.path.slice('custom.'.length)] = entry;
    else result[error.path] = entry;
  }
  if (Object.keys(custom).length > 0) result.custom = custom;
  return result as FieldErrors<TAssetFormValues>;
}

function AssetForm({ asset, definitions, fieldsFailed, initialLocation }: TAssetFormProps) {
  const { _ } = useLingui();
  const navigate = useNavigate();
  const auth = useAuth();
  const canChooseOrganization = isAdminUser(auth);
  const isEdit = !!asset;
  const save = useSaveAsset(asset?.id);
  const [status, setStatus] = useState<TScreenStatus | null>(null);

  // Administrators start with a blank organization (the server uses theirs); members see theirs.
  const ownOrganization = canChooseOrganization ? '' : (auth?.organizationId ?? '');
  const resolver: Resolver<TAssetFormValues> = async (values) => {
    const check = checkAssetForm(values, definitions, asset);
    return check.ok ? { values, errors: {} } : { values: {}, errors: toFieldErrors(check.errors) };
  };
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<TAssetFormValues>({
    resolver,
    defaultValues: {
      ...initialAssetFormValues(asset, definitions, ownOrganization),
      ...(asset ? {} : { location: initialLocation }),
    },
  });

  const failedMessage = isEdit ? ASSET_TEXTS.updateFailed : ASSET_TEXTS.createFailed;

  const onSubmit = handleSubmit((values) => {
    const check = checkAssetForm(values, definitions, asset);
    if (!check.ok) return;
    setStatus(null);
    save.mutate(check.body, {
      onSuccess: (saved) => {
        if (!isEdit) {
          // A super administrator may create in another organization, whose staff pages they cannot open:
          // its public page is the one view of it they have.
          const ownAsset = saved.organizationId === auth?.organizationId;
          navigate(ownAsset ? `/assets/${saved.id}` : `/a/${saved.organizationId}/${saved.slug}`);
          return;
        }
        reset(initialAssetFormValues(saved, definitions, ownOrganization));
        setStatus({ tone: 'success', text: i18n._(ASSET_TEXTS.updated) });
      },
      onError: (error) => {
        // The server's reason follows when no input carries it (a cycle of components).
        const said = error instanceof ApiError && error.fields.length > 0;
        setStatus({
          tone: 'error',
          text: said ? i18n._(failedMessage) : failureMessage(i18n._(failedMessage), error),
        });
        if (!(error instanceof ApiError)) return;
        for (const field of error.fields) {
          const path = formPathFromServer(field.path);
          if (path) setError(path as 'name', { type: 'server', message: field.message });
        }
        if (error.status === 403) setError('organizationId', { type: 'server', message: error.message });
      },
    });
  });

  const busy = save.isPending;
  const savedValues = initialAssetFormValues(asset, definitions, '').custom;
  // A new asset has no stored values to keep, so retired fields are shown on existing assets only.
  const shownDefinitions = isEdit ? definitions : definitions.filter((definition) => definition.isActive);

  return (
    <form
      className={styles.form}
      onSubmit={onSubmit}
      noValidate
      aria-label={_(isEdit ? FORM_TEXTS.editTitle : FORM_TEXTS.createTitle)}
    >
      {status ? <Alert tone={status.tone}>{status.text}</Alert> : null}
      <Card className={styles.section}>
        <TextField
          label={_(FORM_TEXTS.name)}
          autoComplete="off"
          aria-required
          error={errors.name?.message}
          {...register('name')}
        />
        <TextareaField
          label={_(FORM_TEXTS.description)}
          rows={4}
          error={errors.description?.message}
          {...register('description')}
        />
        <TextField
          label={_(FORM_TEXTS.externalId)}
          autoComplete="off"
          spellCheck={false}
          maxLength={ASSET_EXTERNAL_ID_MAX_LENGTH}
          hint={_(FORM_TEXTS.externalIdHint)}
          error={errors.externalId?.message}
          {...register('externalId')}
        />
        <CheckboxField
          label={_(FORM_TEXTS.reportingEnabled)}
          hint={_(FORM_TEXTS.reportingEnabledHint)}
          {...register('reportingEnabled')}
        />
        {canChooseOrganization ? (
          <TextField
            label={_(FORM_TEXTS.organizationId)}
            autoComplete="off"
            spellCheck={false}
            placeholder={_(FORM_TEXTS.organizationPlaceholder)}
            hint={_(FORM_TEXTS.organizationHint)}
            error={errors.organizationId?.message}
            {...register('organizationId')}
          />
        ) : (
          <TextField
            label={_(FORM_TEXTS.organizationId)}
            readOnly
            error={errors.organizationId?.message}
            {...register('organizationId')}
          />
        )}
      </Card>

      <Card className={styles.section} aria-labelledby="asset-place">
        <h2 id="asset-place" className={styles.sectionTitle}>
          {_(FORM_TEXTS.place)}
        </h2>
        <Controller
          control={control}
          name="location"
          render={({ field, fieldState }) => (
            <LocationPicker
              label={_(PLACE_TEXTS.location)}
              hint={_(PLACE_TEXTS.locationHint)}
              error={fieldState.error?.message}
              value={field.value}
              onChange={field.onChange}
              noneLabel={_(PLACE_TEXTS.noLocation)}
            />
          )}
        />
        <Controller
          control={control}
          name="parentAsset"
          render={({ field, fieldState }) => (
            <ParentAssetPicker
              label={_(PLACE_TEXTS.parentAsset)}
              error={fieldState.error?.message}
              value={field.value}
              onChange={field.onChange}
              assetId={asset?.id}
            />
          )}
        />
      </Card>

      <Card className={styles.section} aria-labelledby="custom-asset-fields">
        <div className={styles.sectionHead}>
          <h2 id="custom-asset-fields" className={styles.sectionTitle}>
            {_(FORM_TEXTS.customFields)}
          </h2>
          <p className={styles.hint}>{_(FORM_TEXTS.customFieldsHint)}</p>
        </div>
        {fieldsFailed ? <Alert>{_(ASSET_TEXTS.fieldsLoadFailed)}</Alert> : null}
        <CustomFieldInputs
          className={styles.grid}
          definitions={shownDefinitions}
          savedValues={savedValues}
          errors={errors.custom}
          register={register}
        />
      </Card>

      <div className={styles.actions}>
        <Button type="submit" disabled={busy}>
          {_(
            busy
              ? isEdit
                ? FORM_TEXTS.saving
                : FORM_TEXTS.creating
              : isEdit
                ? FORM_TEXTS.save
                : FORM_TEXTS.create,
          )}
        </Button>
        <ButtonLink to="/assets" variant="secondary">
          {_(FORM_TEXTS.cancel)}
        </ButtonLink>
      </div>
    </form>
  );
}
