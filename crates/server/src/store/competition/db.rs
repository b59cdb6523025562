//! One query text for SQLite and PostgreSQL: a statement's arguments ([`Arg`]),
//! reading a row's columns ([`Get`]), and running statements ([`Db`]) on a
//! SQLite connection (`$n` read as `?n`) or a PostgreSQL client or transaction
//! ([`Pg`]). `FOR UPDATE` is added only where the database has it.

use postgres::GenericClient;

/// A statement's argument.
#[derive(Debug, Clone)]
pub(in crate::store) enum Arg {
    Text(String),
    OptText(Option<String>),
    Big(i64),
    OptBig(Option<i64>),
    /// An INTEGER (PostgreSQL `int4`) value.
    Int(i32),
    Real(f64),
}

/// Reads one column of a row.
pub(in crate::store) trait Get<E> {
    fn text(&self, i: usize) -> Result<String, E>;
    fn opt_text(&self, i: usize) -> Result<Option<String>, E>;
    fn big(&self, i: usize) -> Result<i64, E>;
    fn opt_big(&self, i: usize) -> Result<Option<i64>, E>;
    fn int(&self, i: usize) -> Result<i32, E>;
    fn real(&self, i: usize) -> Result<f64, E>;
    fn opt_real(&self, i: usize) -> Result<Option<f64>, E>;
}

/// Reads one row into a `T`.
pub(in crate::store) type RowFn<'a, T, E> = dyn FnMut(&dyn Get<E>) -> Result<T, E> + 'a;

/// The little the queries need of a database connection.
pub(in crate::store) trait Db {
    type E;
    fn exec(&mut self, sql: &str, args: &[Arg]) -> Result<u64, Self::E>;
    fn rows<T>(
        &mut self,
        sql: &str,
        args: &[Arg],
        f: &mut RowFn<'_, T, Self::E>,
    ) -> Result<Vec<T>, Self::E>;
    /// `FOR UPDATE` where the database has it (PostgreSQL), nothing on SQLite
    /// (whose single writer serializes the transactions).
    fn for_update(&self) -> &'static str;
}

impl Get<rusqlite::Error> for rusqlite::Row<'_> {
    fn text(&self, i: usize) -> rusqlite::Result<String> {
        self.get(i)
    }
    fn opt_text(&self, i: usize) -> rusqlite::Result<Option<String>> {
        self.get(i)
    }
    fn big(&self, i: usize) -> rusqlite::Result<i64> {
        self.get(i)
    }
    fn opt_big(&self, i: usize) -> rusqlite::Result<Option<i64>> {
        self.get(i)
    }
    fn int(&self, i: usize) -> rusqlite::Result<i32> {
        self.get(i)
    }
    fn real(&self, i: usize) -> rusqlite::Result<f64> {
        self.get(i)
    }
    fn opt_real(&self, i: usize) -> rusqlite::Result<Option<f64>> {
        self.get(i)
    }
}

impl Get<postgres::Error> for postgres::Row {
    fn text(&self, i: usize) -> Result<String, postgres::Error> {
        self.try_get(i)
    }
    fn opt_text(&self, i: usize) -> Result<Option<String>, postgres::Error> {
        self.try_get(i)
    }
    fn big(&self, i: usize) -> Result<i64, postgres::Error> {
        self.try_get(i)
    }
    fn opt_big(&self, i: usize) -> Result<Option<i64>, postgres::Error> {
        self.try_get(i)
    }
    fn int(&self, i: usize) -> Result<i32, postgres::Error> {
        self.try_get(i)
    }
    fn real(&self, i: usize) -> Result<f64, postgres::Error> {
        self.try_get(i)
    }
    fn opt_real(&self, i: usize) -> Result<Option<f64>, postgres::Error> {
        self.try_get(i)
    }
}

fn sqlite_values(args: &[Arg]) -> Vec<rusqlite::types::Value> {
    use rusqlite::types::Value;
    args.iter()
        .map(|a| match a {
            Arg::Text(s) => Value::Text(s.clone()),
            Arg::OptText(s) => s.clone().map_or(Value::Null, Value::Text),
            Arg::Big(n) => Value::Integer(*n),
            Arg::OptBig(n) => n.map_or(Value::Null, Value::Integer),
            Arg::Int(n) => Value::Integer(i64::from(*n)),
            Arg::Real(x) => Value::Real(*x),
        })
        .collect()
}

impl Db for &rusqlite::Connection {
    type E = rusqlite::Error;
    fn exec(&mut self, sql: &str, args: &[Arg]) -> rusqlite::Result<u64> {
        let n = self
            .prepare_cached(&crate::store::explorer::sqlite(sql))?
            .execute(rusqlite::params_from_iter(sqlite_values(args)))?;
        Ok(n as u64)
    }
    fn rows<T>(
        &mut self,
        sql: &str,
        args: &[Arg],
        f: &mut RowFn<'_, T, rusqlite::Error>,
    ) -> rusqlite::Result<Vec<T>> {
        let mut st = self.prepare_cached(&crate::store::explorer::sqlite(sql))?;
        let mut rows = st.query(rusqlite::params_from_iter(sqlite_values(args)))?;
        let mut out = Vec::new();
        while let Some(r) = rows.next()? {
            out.push(f(r)?);
        }
        Ok(out)
    }
    fn for_update(&self) -> &'static str {
        ""
    }
}

type PgArg = Box<dyn postgres::types::ToSql + Sync>;

fn pg_values(args: &[Arg]) -> Vec<PgArg> {
    args.iter()
        .map(|a| -> PgArg {
            match a {
                Arg::Text(s) => Box::new(s.clone()),
                Arg::OptText(s) => Box::new(s.clone()),
                Arg::Big(n) => Box::new(*n),
                Arg::OptBig(n) => Box::new(*n),
                Arg::Int(n) => Box::new(*n),
                Arg::Real(x) => Box::new(*x),
            }
        })
        .collect()
}

/// A PostgreSQL connection or transaction.
pub(in crate::store) struct Pg<'a, C: GenericClient>(pub(in crate::store) &'a mut C);

impl<C: GenericClient> Db for Pg<'_, C> {
    type E = postgres::Error;
    fn exec(&mut self, sql: &str, args: &[Arg]) -> Result<u64, postgres::Error> {
        let v = pg_values(args);
        let refs: Vec<&(dyn postgres::types::ToSql + Sync)> =
            v.iter().map(|b| b.as_ref()).collect();
        self.0.execute(sql, &refs)
    }
    fn rows<T>(
        &mut self,
        sql: &str,
        args: &[Arg],
        f: &mut RowFn<'_, T, postgres::Error>,
    ) -> Result<Vec<T>, postgres::Error> {
        let v = pg_values(args);
        let refs: Vec<&(dyn postgres::types::ToSql + Sync)> =
            v.iter().map(|b| b.as_ref()).collect();
        self.0.query(sql, &refs)?.iter().map(|r| f(r)).collect()
    }
    fn for_update(&self) -> &'static str {
        " FOR UPDATE"
    }
}
