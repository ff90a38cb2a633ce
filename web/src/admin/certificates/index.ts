// The certificates' back-office chunk: the issued list (its definitions are the kit's resource screen).
export { CertificatesView } from './CertificatesView';
