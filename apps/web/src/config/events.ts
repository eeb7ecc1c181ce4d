/**
 * Window events that let one feature ask another for something without importing it (features
 * never import each other): the chat's privacy line opens the user menu's privacy setting.
 */
export const OPEN_PRIVACY_SETTING = 'dw:open-privacy-setting';
