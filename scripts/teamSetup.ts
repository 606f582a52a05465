import { parseArgs } from 'node:util'
import { setUpTeam, type TeamSetupReport } from '../src/main/services/team/teamSetup'
import { TeamSetupError } from '../src/main/services/team/teamSetupClient'

const help = `Usage: npm run team-setup -- --url URL --admin NAME [--database team]
         [--team-admin MEMBER]... [--member MEMBER[:PASSWORD]]... [--remove-member MEMBER]...

Configures a CouchDB 3.x server for a team: the users database, the team's database, its
security (members: users with the role team-member; admins: NAME), the validation design
document _design/team, the document team:config, and one user per --member. A member given
without a password gets a generated one, printed once. Running it again changes nothing that
is already in place; --team-admin adds team admins, and removes none.

  --url URL            the server, https:// (plain http:// only on 127.0.0.1 or localhost)
  --admin NAME         a server admin; the password comes from TEAM_ADMIN_PASSWORD, or is
                       asked for when this runs in a terminal
  --database NAME      the team's database (default: team)
  --team-admin MEMBER  a member who may sign roster changes (repeatable)
  --member MEMBER[:PASSWORD]  a member's user on the server (repeatable)
  --remove-member MEMBER  takes the team's role from a member's user, so the server refuses
                       them (repeatable); a team admin also removes them from the roster in the app`

/** Reads a line from the terminal without showing it. */
async function askHidden(question: string): Promise<string> {
  const { stdin, stderr } = process
  stderr.write(question)
  stdin.setRawMode(true)
  stdin.resume()
  stdin.setEncoding('utf8')
  return new Promise((resolve, reject) => {
    let typed = ''
    const done = (): void => {
      stdin.setRawMode(false)
      stdin.pause()
      stdin.off('data', onData)
      stderr.write('\n')
    }
    const onData = (chunk: string): void => {
      for (const character of chunk) {
        if (character === '\r' || character === '\n' || character === '\u0004') {
          done()
          resolve(typed)
          return
        }
        if (character === '\u0003') {
          done()
          reject(new TeamSetupError('Cancelled: nothing was changed.'))
          return
        }
        typed = character === '\u007f' ? typed.slice(0, -1) : typed + character
      }
    }
    stdin.on('data', onData)
  })
}

function printReport(report: TeamSetupReport, url: string, database: string): void {
  console.log(`Team database "${database}" on ${url} (${report.server}):`)
  const said = { created: 'created', updated: 'updated', unchanged: 'already in place' } as const
  for (const { what, outcome } of report.steps) console.log(`  ${said[outcome]}: ${what}`)
  if (report.steps.every(({ outcome }) => outcome === 'unchanged')) {
    console.log('Nothing needed changing.')
  }
  for (const { name, password } of report.generatedPasswords) {
    console.log(
      `Password of the new member "${name}" (shown only now; give it to them privately): ${password}`,
    )
  }
}

async function main(): Promise<number> {
  let values
  try {
    ;({ values } = parseArgs({
      options: {
        url: { type: 'string' },
        admin: { type: 'string' },
        database: { type: 'string', default: 'team' },
        'team-admin': { type: 'string', multiple: true, default: [] },
        member: { type: 'string', multiple: true, default: [] },
        'remove-member': { type: 'string', multiple: true, default: [] },
        help: { type: 'boolean', short: 'h' },
      },
    }))
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${help}`)
    return 2
  }
  if (values.help) {
    console.log(help)
    return 0
  }
  if (!values.url || !values.admin) {
    console.error(`Give the server with --url and a server admin with --admin.\n\n${help}`)
    return 2
  }
  let password = process.env.TEAM_ADMIN_PASSWORD
  if (password === undefined) {
    if (!process.stdin.isTTY) {
      console.error(
        `Set TEAM_ADMIN_PASSWORD to the password of "${values.admin}", or run this in a terminal to type it.`,
      )
      return 2
    }
    password = await askHidden(`Password of the server admin "${values.admin}": `)
  }
  const members = values.member.map((given) => {
    const colon = given.indexOf(':')
    return colon === -1
      ? { name: given }
      : { name: given.slice(0, colon), password: given.slice(colon + 1) }
  })
  const report = await setUpTeam({
    url: values.url,
    admin: { name: values.admin, password },
    database: values.database,
    teamAdmins: values['team-admin'],
    members,
    removedMembers: values['remove-member'],
  })
  printReport(report, values.url, values.database)
  return 0
}

try {
  process.exitCode = await main()
} catch (error) {
  if (!(error instanceof TeamSetupError)) throw error
  console.error(error.message)
  process.exitCode = 1
}
