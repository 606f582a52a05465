/**
 * The team database's `validate_doc_update`, as the text the server runs. CouchDB 3 evaluates it
 * in its own JavaScript engine, which may be ES5 only (SpiderMonkey 1.8.5): no arrow functions,
 * `let`/`const`, template strings or other later syntax (the unit test parses it as ES5).
 *
 * The server cannot check a signature (it has no Ed25519) nor whether a key belongs to a member:
 * desks do that against the roster. What it can hold is that nothing written is ever changed or
 * removed, that a member writes only under their own name, and that what they write is at least
 * shaped like a signed entry with the id its content names. That id names the member, so nobody
 * writes under another member's id: CouchDB validates a replicated revision that starts a new
 * branch (`new_edits: false`) with no `oldDoc`, as if the entry were new, and only the entry's own
 * member can start one; desks set aside an entry with two versions. CouchDB itself lets only
 * database admins write `_design/` documents and never runs this for `_local/` ones (replication
 * checkpoints), so members can still replicate.
 */
export const teamValidationSource = `function (newDoc, oldDoc, userCtx, secObj) {
  function has(list, value) {
    if (!list) return false;
    for (var i = 0; i < list.length; i++) if (list[i] === value) return true;
    return false;
  }
  function isAdmin() {
    var roles = userCtx.roles || [];
    if (has(roles, '_admin')) return true;
    var admins = (secObj && secObj.admins) || {};
    if (has(admins.names, userCtx.name)) return true;
    for (var i = 0; i < roles.length; i++) if (has(admins.roles, roles[i])) return true;
    return false;
  }
  function refuse(reason) {
    throw({ forbidden: reason });
  }
  var id = String(newDoc._id);
  if (id.indexOf('entry:') !== 0) {
    if (!isAdmin()) {
      refuse('Only team admins may write ' + id + ': members write entries (ids starting with "entry:") and nothing else.');
    }
    return;
  }
  if (oldDoc) {
    refuse('Entry ' + id + ' is already on the server and entries never change: it cannot be edited or deleted; write a new entry instead.');
  }
  if (newDoc._deleted) {
    refuse('Entry ' + id + ' cannot be deleted: entries are kept for good.');
  }
  if (newDoc.type !== 'entry') {
    refuse('Document ' + id + ' has an entry id but is not an entry (its type must be "entry").');
  }
  if (!userCtx.name || newDoc.member !== userCtx.name) {
    refuse('Entry ' + id + ' names the member "' + newDoc.member + '" but was sent by "' + userCtx.name + '": a member writes only entries of their own.');
  }
  if (typeof newDoc.hash !== 'string' || !/^[0-9a-f]{64}$/.test(newDoc.hash)) {
    refuse('Entry ' + id + ' has no hash (64 hexadecimal characters): it cannot have been signed.');
  }
  if (typeof newDoc.signature !== 'string' || !/^[0-9a-f]{128}$/.test(newDoc.signature)) {
    refuse('Entry ' + id + ' has no signature (128 hexadecimal characters): every entry is signed by its author.');
  }
  var scope = newDoc.scope;
  var member = newDoc.member;
  var device = newDoc.device;
  var seq = newDoc.deviceSeq;
  var wellFormed =
    typeof scope === 'string' && /^(roster|case_[A-Za-z0-9-]+)$/.test(scope) &&
    typeof member === 'string' && /^[a-z][a-z0-9._-]{1,63}$/.test(member) &&
    typeof device === 'string' && /^[0-9a-f]{32}$/.test(device) &&
    typeof seq === 'number' && seq % 1 === 0 && seq > 0 && seq < 10000000000;
  var expected = wellFormed ? 'entry:' + scope + ':' + member + ':' + device + ':' + String(10000000000 + seq).substring(1) : '';
  if (id !== expected) {
    refuse('Entry ' + id + ' is not stored under the id its scope, member, device and deviceSeq name' + (wellFormed ? ' (' + expected + ').' : ' (they are missing or malformed).'));
  }
}`

/** The design document that holds the validation function; its id is the team's to own. */
export const teamDesignDocumentId = '_design/team'

export const teamDesignDocument = {
  _id: teamDesignDocumentId,
  language: 'javascript',
  validate_doc_update: teamValidationSource,
} as const
