/** The API version every response and callback that names one carries (the spec's `version`). */
export const API_VERSION = '2';
