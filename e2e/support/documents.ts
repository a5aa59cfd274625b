// The journeys' documents are the app's own demo documents.
export { DOCX_TYPE, minimalDocx, minimalPdf, minimalXlsx } from '../../electron/services/demo-documents.js';
