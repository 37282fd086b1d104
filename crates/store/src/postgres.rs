//! The clustered store: one PostgreSQL database that every node of a cluster writes its
//! finished games to and reads the API's answers from. The writes, reads and ratings are
//! the same code as SQLite's (`write.rs`, `read.rs`, `ratings.rs`, through [`Db`]); this
//! module connects, keeps the schema, and runs statements.
//!
//! What differs from one embedded writer:
//! - **Many writers.** Game ids come in blocks from a sequence ([`PgStore::reserve_ids`]),
//!   so two nodes never pick the same id; rating updates take one advisory lock
//!   (`ratings.rs`), so two games finishing at once on two nodes are rated one after the
//!   other and neither update is lost.
//! - **Crash recovery is per node.** Each game row remembers the node that started it
//!   (`games.node`, from the connection's `parlor.node` setting); opening the store as a
//!   node marks only that node's unfinished games abandoned, never another running
//!   node's.
//! - **The schema** is created whole, at the current version, by the first node to
//!   connect (under an advisory lock, so nodes starting together do not race), and its
//!   version kept in `parlor_schema`.
//!
//! The connection carries no TLS: run PostgreSQL on a private network or through a
//! tunnel (`docs/security.md`).

use crate::schema::{CURRENT, UNFINISHED};
use crate::sql::{Db, Dialect, Row, Value};
use crate::write::Transact;
use crate::{Result, StoreError};
use postgres::types::{IsNull, ToSql, Type};
use postgres::{Client, NoTls, Statement};
use std::cell::{RefCell, RefMut};
use std::collections::HashMap;
use std::ops::Range;

/// Game ids a node takes at a time.
pub const ID_BLOCK: i64 = 1024;

/// The advisory lock held while the schema is checked or created.
const SCHEMA_LOCK: i64 = 0x7061_726c_6f73;

/// The schema at version [`CURRENT`], in PostgreSQL's words: SQLite's tables with 64-bit
/// integers, the same indexes, and what a cluster adds (`games.node`, the id blocks).
const SCHEMA: &str = "
    CREATE TABLE games (
        id BIGINT PRIMARY KEY,
        protocol TEXT NOT NULL,
        variant TEXT NOT NULL,
        seed TEXT NOT NULL,
        table_name TEXT,
        started_at_ms BIGINT NOT NULL,
        ended_at_ms BIGINT,
        status TEXT NOT NULL CHECK (status IN ('playing', 'finished', 'abandoned')),
        result TEXT,
        final_actions TEXT,
        notation BIGINT NOT NULL DEFAULT 1,
        node TEXT DEFAULT current_setting('parlor.node', true)
    );
    CREATE TABLE seats (
        game BIGINT NOT NULL REFERENCES games(id),
        seat BIGINT NOT NULL,
        name TEXT NOT NULL,
        cpu TEXT,
        score BIGINT,
        rank BIGINT,
        PRIMARY KEY (game, seat)
    );
    CREATE TABLE hands (
        game BIGINT NOT NULL REFERENCES games(id),
        number BIGINT NOT NULL,
        result TEXT NOT NULL,
        actions TEXT NOT NULL,
        PRIMARY KEY (game, number)
    );
    CREATE TABLE players (
        protocol TEXT NOT NULL,
        name TEXT NOT NULL,
        cpu BIGINT NOT NULL DEFAULT 0,
        games BIGINT NOT NULL DEFAULT 0,
        wins BIGINT NOT NULL DEFAULT 0,
        points BIGINT NOT NULL DEFAULT 0,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (protocol, name)
    );
    CREATE TABLE tournaments (
        name TEXT NOT NULL,
        protocol TEXT NOT NULL,
        started_at_ms BIGINT NOT NULL,
        ended_at_ms BIGINT,
        record TEXT NOT NULL,
        PRIMARY KEY (protocol, name, started_at_ms)
    );
    CREATE INDEX games_by_protocol ON games(protocol, id);
    CREATE INDEX seats_by_name ON seats(name, game);
    CREATE INDEX games_unfinished ON games(id) WHERE status <> 'finished';
    CREATE INDEX games_old_notation ON games(id) WHERE notation < 2;
    CREATE SEQUENCE game_id_blocks;";

/// A connection to the PostgreSQL store: a node's writer from [`PgStore::open`], or a
/// reader from [`PgStore::open_reader`]. Implements [`Storage`](crate::Storage) and
/// [`Reader`](crate::Reader).
pub struct PgStore {
    /// Always there until the store is dropped (see its `Drop`).
    client: RefCell<Option<Client>>,
    /// Statements prepared on this connection, by their text.
    prepared: RefCell<HashMap<String, Statement>>,
    /// A batch (`Storage::begin_batch`) is open: writes are savepoints in it.
    in_batch: bool,
}

impl PgStore {
    /// Connects as node `node` for writing: creates the schema if the database has none,
    /// and marks the games this node left unfinished when it last stopped `abandoned`,
    /// and those a node handed over that no node carried on.
    pub fn open(url: &str, node: &str) -> Result<PgStore> {
        let store = PgStore::connect(url)?;
        store.query(
            "SELECT set_config('parlor.node', ?1, false)",
            &[Value::from(node)],
        )?;
        store.ensure_schema()?;
        let abandoned = store.execute(
            &format!(
                "UPDATE games SET status = 'abandoned'
                 WHERE {UNFINISHED} AND status = 'playing' AND node = ?1"
            ),
            &[Value::from(node)],
        )?;
        if abandoned > 0 {
            tracing::warn!(
                abandoned,
                node,
                "games this node left unfinished are marked abandoned"
            );
        }
        // Games a node handed over as it stopped, with nobody left to carry them on (a
        // node carrying one on from the stream after all brings it back into play).
        let mut store = store;
        let released = crate::Storage::abandon_released(&mut store)?;
        if released > 0 {
            tracing::warn!(
                released,
                "games handed over with nobody to carry them on are marked abandoned"
            );
        }
        Ok(store)
    }

    /// A connection for reading; the schema must be there (a node has opened it).
    pub fn open_reader(url: &str) -> Result<PgStore> {
        let store = PgStore::connect(url)?;
        if store.schema_version()?.is_none() {
            return Err(StoreError::Corrupt(
                "the database has no parlor store yet (start a node on it first)".into(),
            ));
        }
        Ok(store)
    }

    fn connect(url: &str) -> Result<PgStore> {
        let client = Client::connect(url, NoTls)?;
        Ok(PgStore {
            client: RefCell::new(Some(client)),
            prepared: RefCell::new(HashMap::new()),
            in_batch: false,
        })
    }

    /// The schema version, or `None` if the database has no store.
    pub fn schema_version(&self) -> Result<Option<i64>> {
        let exists = self.query_one("SELECT to_regclass('parlor_schema') IS NOT NULL", &[])?;
        if !exists.map(|r| r.bool(0)).transpose()?.unwrap_or(false) {
            return Ok(None);
        }
        let row = self.query_one("SELECT MAX(version) FROM parlor_schema", &[])?;
        Ok(row.map(|r| r.opt_int(0)).transpose()?.flatten())
    }

    /// Creates the schema if there is none, one node at a time.
    fn ensure_schema(&self) -> Result<()> {
        self.query("SELECT pg_advisory_lock(?1)", &[Value::Int(SCHEMA_LOCK)])?;
        let made = self.make_schema();
        let unlocked = self.query("SELECT pg_advisory_unlock(?1)", &[Value::Int(SCHEMA_LOCK)]);
        made.and(unlocked.map(drop))
    }

    fn make_schema(&self) -> Result<()> {
        match self.schema_version()? {
            Some(version) if version == CURRENT => Ok(()),
            Some(version) => Err(StoreError::Corrupt(format!(
                "the database is at schema version {version}; this parlor knows {CURRENT}"
            ))),
            None => {
                let mut client = self.client();
                let mut tx = client.transaction()?;
                tx.batch_execute(SCHEMA)?;
                tx.batch_execute("CREATE TABLE parlor_schema (version BIGINT NOT NULL)")?;
                tx.execute("INSERT INTO parlor_schema VALUES ($1)", &[&CURRENT])?;
                tx.commit()?;
                tracing::info!(version = CURRENT, "store schema created in PostgreSQL");
                Ok(())
            }
        }
    }

    fn client(&self) -> RefMut<'_, Client> {
        RefMut::map(self.client.borrow_mut(), |c| {
            c.as_mut().expect("the client lives as long as the store")
        })
    }

    /// The next block of [`ID_BLOCK`] game ids nobody else has.
    pub fn reserve_ids(&self) -> Result<Range<i64>> {
        let row = self.query_one("SELECT nextval('game_id_blocks')", &[])?;
        let block = row
            .ok_or_else(|| StoreError::Corrupt("no id block".into()))?
            .int(0)?;
        Ok(block * ID_BLOCK..(block + 1) * ID_BLOCK)
    }

    /// The prepared statement for `sql` (written with `?N`), prepared on first use.
    fn statement(&self, sql: &str) -> Result<Statement> {
        if let Some(statement) = self.prepared.borrow().get(sql) {
            return Ok(statement.clone());
        }
        let statement = self.client().prepare(&numbered(sql))?;
        self.prepared
            .borrow_mut()
            .insert(sql.to_owned(), statement.clone());
        Ok(statement)
    }
}

/// `?N` placeholders as PostgreSQL writes them (`$N`). The store's statements hold no
/// question mark in a string.
fn numbered(sql: &str) -> String {
    sql.replace('?', "$")
}

/// A parameter as PostgreSQL takes it: NULL of whatever type the statement wants.
#[derive(Debug)]
struct Param<'a>(&'a Value);

impl ToSql for Param<'_> {
    fn to_sql(
        &self,
        ty: &Type,
        out: &mut postgres::types::private::BytesMut,
    ) -> std::result::Result<IsNull, Box<dyn std::error::Error + Sync + Send>> {
        match self.0 {
            Value::Null => Ok(IsNull::Yes),
            Value::Int(v) if *ty == Type::INT8 => v.to_sql(ty, out),
            Value::Int(v) if *ty == Type::INT4 => i32::try_from(*v)?.to_sql(ty, out),
            Value::Int(v) if *ty == Type::FLOAT8 => (*v as f64).to_sql(ty, out),
            Value::Real(v) if *ty == Type::FLOAT8 => v.to_sql(ty, out),
            Value::Text(v) if *ty == Type::TEXT || *ty == Type::VARCHAR => v.to_sql(ty, out),
            value => Err(format!("{value:?} where PostgreSQL wants {ty}").into()),
        }
    }

    fn accepts(_: &Type) -> bool {
        true
    }

    postgres::types::to_sql_checked!();
}

/// A column as the store reads it.
fn column(row: &postgres::Row, i: usize) -> Result<Value> {
    let ty = row.columns()[i].type_();
    let value = if *ty == Type::INT8 {
        row.try_get::<_, Option<i64>>(i)?.map(Value::Int)
    } else if *ty == Type::INT4 {
        row.try_get::<_, Option<i32>>(i)?
            .map(|v| Value::Int(v.into()))
    } else if *ty == Type::FLOAT8 {
        row.try_get::<_, Option<f64>>(i)?.map(Value::Real)
    } else if *ty == Type::BOOL {
        row.try_get::<_, Option<bool>>(i)?
            .map(|v| Value::Int(v.into()))
    } else if *ty == Type::TEXT || *ty == Type::VARCHAR {
        row.try_get::<_, Option<String>>(i)?.map(Value::Text)
    } else if *ty == Type::VOID {
        None
    } else {
        return Err(StoreError::Corrupt(format!("a column of type {ty}")));
    };
    Ok(value.unwrap_or(Value::Null))
}

impl Db for PgStore {
    fn dialect(&self) -> Dialect {
        Dialect::Postgres
    }

    fn execute(&self, sql: &str, params: &[Value]) -> Result<u64> {
        let statement = self.statement(sql)?;
        let params: Vec<Param> = params.iter().map(Param).collect();
        let refs: Vec<&(dyn ToSql + Sync)> = params.iter().map(|p| p as _).collect();
        Ok(self.client().execute(&statement, &refs)?)
    }

    fn query(&self, sql: &str, params: &[Value]) -> Result<Vec<Row>> {
        let statement = self.statement(sql)?;
        let params: Vec<Param> = params.iter().map(Param).collect();
        let refs: Vec<&(dyn ToSql + Sync)> = params.iter().map(|p| p as _).collect();
        let rows = self.client().query(&statement, &refs)?;
        rows.iter()
            .map(|row| {
                (0..row.len())
                    .map(|i| column(row, i))
                    .collect::<Result<_>>()
            })
            .map(|values| values.map(Row))
            .collect()
    }
}

impl Transact for PgStore {
    fn in_batch(&mut self) -> &mut bool {
        &mut self.in_batch
    }

    fn run(&self, sql: &str) -> Result<()> {
        Ok(self.client().batch_execute(sql)?)
    }

    fn reserve_ids(&mut self) -> Result<Option<Range<i64>>> {
        PgStore::reserve_ids(self).map(Some)
    }
}

impl Drop for PgStore {
    /// Closing a connection runs its own little runtime, which tokio forbids on a thread
    /// that drives tasks (an API reader may be dropped there): such a thread hands the
    /// closing to a thread of its own.
    fn drop(&mut self) {
        self.prepared.get_mut().clear();
        let Some(client) = self.client.get_mut().take() else {
            return;
        };
        if tokio::runtime::Handle::try_current().is_ok() {
            std::thread::spawn(move || drop(client));
        }
    }
}
