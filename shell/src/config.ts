/** The shell's build settings, read in one place: the build (rspack DefinePlugin) writes NODE_ENV into the bundle. */
export const PRODUCTION_BUILD = process.env.NODE_ENV === 'production';
