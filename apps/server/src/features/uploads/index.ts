export { FILE_HEAD_BYTES, type FileFacts, fileFacts, type MediaFacts } from "./file-facts.ts";
export { ownStoredFile } from "./own-file.ts";
export { storageFileRoutes, uploadRoutes } from "./storage-routes.ts";
export {
  checkUploadBytes,
  keepUpload,
  MAX_UPLOAD_BYTES,
  UPLOAD_TOO_LARGE_MESSAGE,
  UPLOAD_UNSUPPORTED_MESSAGE,
  type UploadDeps,
  type UploadPurpose,
  uploadKey,
} from "./store-upload.ts";
export { prepareUserFilesRemoval, removeFilesNoDraftUses } from "./user-files.ts";
