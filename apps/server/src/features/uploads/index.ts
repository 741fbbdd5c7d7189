export { ownStoredFile } from "./own-file.ts";
export { MAX_UPLOAD_BYTES, storageFileRoutes, uploadRoutes } from "./storage-routes.ts";
export { prepareUserFilesRemoval, removeFilesNoDraftUses } from "./user-files.ts";
