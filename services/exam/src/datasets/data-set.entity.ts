import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  type Relation,
} from 'typeorm';

/** A dataset of a course (spec 03): variables (`details`) and generated items. */
@Entity({ name: 'data_sets' })
@Index('data_sets_course_idx', ['tenantId', 'courseId'])
export class DataSet {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  @Column('varchar', { length: 200 })
  name: string;

  @OneToMany(() => DataSetDetail, (detail) => detail.dataSet)
  details?: Relation<DataSetDetail>[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** A variable of a dataset: its name (written `{name}` in a question) and its range. */
@Entity({ name: 'data_set_details' })
@Index('data_set_details_name_key', ['dataSetId', 'name'], { unique: true })
export class DataSetDetail {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'data_set_id' })
  dataSetId: number;

  @ManyToOne(() => DataSet, (dataSet) => dataSet.details, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'data_set_id' })
  dataSet?: Relation<DataSet>;

  @Column('varchar', { length: 50 })
  name: string;

  @Column('double precision', { name: 'min_value', default: 1 })
  minValue: number;

  @Column('double precision', { name: 'max_value', default: 5 })
  maxValue: number;

  @Column('integer', { name: 'decimal_place', default: 0 })
  decimalPlace: number;
}

/** One generated item of a dataset: a value per variable (by name). */
@Entity({ name: 'data_set_items' })
@Index('data_set_items_index_key', ['dataSetId', 'index'], { unique: true })
export class DataSetItem {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'data_set_id' })
  dataSetId: number;

  @ManyToOne(() => DataSet, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'data_set_id' })
  dataSet?: Relation<DataSet>;

  @Column('integer')
  index: number;

  @Column('jsonb')
  values: Record<string, number>;
}
