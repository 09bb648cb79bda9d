import { queryOptions } from '@tanstack/react-query';
import { api, type ApiBody } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { request } from '@/lib/request';
import { configQuery } from '@/lib/site-config';
import { templatesKeys } from '@/features/templates/api/templates';

export const aiAdminKeys = {
  channels: ['admin', 'ai', 'channels'] as const,
  categories: ['admin', 'templates', 'categories'] as const,
  templates: ['admin', 'templates', 'list'] as const,
};

export const channelsQuery = queryOptions({
  queryKey: aiAdminKeys.channels,
  queryFn: ({ signal }) => request(api.adminAiChannels, undefined, { signal }),
  staleTime: 0,
});

export const categoriesQuery = queryOptions({
  queryKey: aiAdminKeys.categories,
  queryFn: ({ signal }) => request(api.adminTemplateCategories, undefined, { signal }),
  staleTime: 0,
});

export const adminTemplatesQuery = queryOptions({
  queryKey: aiAdminKeys.templates,
  queryFn: ({ signal }) => request(api.adminTemplates, undefined, { signal }),
  staleTime: 0,
});

/** Every change refreshes the admin lists and the pickers users see. */
async function refreshAi() {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: aiAdminKeys.channels }),
    queryClient.invalidateQueries({ queryKey: ['chat', 'models'] }),
  ]);
}
async function refreshTemplates() {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['admin', 'templates'] }),
    queryClient.invalidateQueries({ queryKey: templatesKeys.templates }),
  ]);
}

const after = (refresh: () => Promise<unknown>) => async <T>(promise: Promise<T>): Promise<T> => {
  const result = await promise;
  await refresh();
  return result;
};
const ai = after(refreshAi);
const tpl = after(refreshTemplates);

export const saveChannel = (body: ApiBody<'adminAiChannelSave'>) => ai(request(api.adminAiChannelSave, body));
export const setChannelEnabled = (id: number, enabled: boolean) => ai(request(api.adminAiChannelSetEnabled, { id, enabled }));
export const deleteChannel = (id: number) => ai(request(api.adminAiChannelDelete, { id }));
export const saveModel = (body: ApiBody<'adminAiModelSave'>) => ai(request(api.adminAiModelSave, body));
export const deleteModel = (id: number) => ai(request(api.adminAiModelDelete, { id }));
/** The question limit is also in /pc/config (the chat box's counter). */
const aiSettings = after(async () => Promise.all([refreshAi(), queryClient.invalidateQueries({ queryKey: configQuery.queryKey })]));
export const saveAiSettings = (body: ApiBody<'adminAiSettingsSave'>) => aiSettings(request(api.adminAiSettingsSave, body));

export const saveCategory = (body: ApiBody<'adminTemplateCategorySave'>) => tpl(request(api.adminTemplateCategorySave, body));
export const deleteCategory = (id: number) => tpl(request(api.adminTemplateCategoryDelete, { id }));
export const saveTemplate = (body: ApiBody<'adminTemplateSave'>) => tpl(request(api.adminTemplateSave, body));
export const deleteTemplate = (id: number) => tpl(request(api.adminTemplateDelete, { id }));
